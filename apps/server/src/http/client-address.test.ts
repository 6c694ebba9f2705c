import { describe, expect, it } from "vitest";
import { clientAddressKey } from "./client-address.ts";

describe("clientAddressKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientAddressKey("192.0.2.7")).toBe("192.0.2.7");
  });

  it("counts every address of one IPv6 /64 as one client", () => {
    const keys = new Set(
      [
        "2001:db8:1:2::1",
        "2001:db8:1:2:ffff:ffff:ffff:ffff",
        "2001:0db8:0001:0002:abcd::9",
        "2001:DB8:1:2:0:0:0:5",
      ].map(clientAddressKey),
    );
    expect([...keys]).toEqual(["2001:db8:1:2::/64"]);
  });

  it("tells neighbouring /64s apart", () => {
    expect(clientAddressKey("2001:db8:1:3::1")).not.toBe(clientAddressKey("2001:db8:1:2::1"));
    expect(clientAddressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("counts an IPv4 address written as IPv6 as that IPv4 address", () => {
    expect(clientAddressKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientAddressKey("::FFFF:192.0.2.7")).toBe("192.0.2.7");
  });

  it("drops a zone index and reads a dotted tail", () => {
    expect(clientAddressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientAddressKey("64:ff9b::192.0.2.7")).toBe("64:ff9b:0:0::/64");
  });
});
