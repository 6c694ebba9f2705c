/** The part of fs-native-extensions (no type declarations of its own) that db/embedded-lock.ts uses. */
declare module "fs-native-extensions" {
  /** An exclusive (or shared) lock on the whole file; false when another open file holds a conflicting one. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
