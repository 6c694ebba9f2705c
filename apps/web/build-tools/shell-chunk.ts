import type { GetManualChunk } from "rollup";

// Every page that hydrates loads the client entry and the root route, and with them everything
// they import statically: the router, Preact, the query client, the session and toast helpers.
// Left to the default splitting these arrive as a dozen files of a few hundred bytes to 45 KiB,
// each its own request with about 800 bytes of response headers over HTTP/1.1; a phone on a slow
// network waits for them in turn. Since every page needs all of them, they go in one file.
// Route modules stay where React Router puts them, and so do styles.
//
// Zod gets a file of its own. Rollup moves a manual chunk's dependencies into it, and the
// contract's session module imports zod (though the browser runs none of it there): the shell
// would then carry all the zod any form uses, to pages with no form.

const ENTRY = /\/app\/entry\.client\.tsx$/;
const ROOT_ROUTE = /\/app\/root\.tsx(\?.*)?$/;
const ZOD = /\/node_modules\/zod\//;

/** The manualChunks function: the entry's and root route's static imports in "shell", zod in "zod". */
export function shellChunk(): GetManualChunk {
  let shell: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (ZOD.test(id)) return "zod";
    shell ??= staticImportsOf(
      [...getModuleIds()].filter((moduleId) => ENTRY.test(moduleId) || ROOT_ROUTE.test(moduleId)),
      (moduleId) => getModuleInfo(moduleId)?.importedIds ?? [],
    );
    const inShell = shell.has(id) && !ENTRY.test(id) && !ROOT_ROUTE.test(id) && !id.endsWith(".css");
    return inShell ? "shell" : undefined;
  };
}

/** Every module the starts import, directly or through others, by static imports only. */
export function staticImportsOf(starts: string[], importsOf: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.pop()!;
    for (const imported of importsOf(id)) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
  return seen;
}
