import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { createDiskStorage } from "./disk-storage.ts";
import { storageContract } from "./storage-contract.ts";

storageContract("disk", async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-storage-"));
  return { storage: createDiskStorage(root), cleanup: () => fs.rm(root, { recursive: true, force: true }) };
});

it("keeps objects under the root's objects folder and removes emptied folders on delete", async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-storage-"));
  try {
    const storage = createDiskStorage(root);
    await storage.put("media/abc12345/original", Buffer.from("x"));
    expect(await fs.readFile(path.join(root, "objects", "media", "abc12345", "original"), "utf8")).toBe("x");
    await storage.delete("media/abc12345/original");
    await expect(fs.stat(path.join(root, "objects", "media", "abc12345"))).rejects.toThrow();
    expect((await fs.stat(path.join(root, "objects", "media"))).isDirectory()).toBe(true);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});
