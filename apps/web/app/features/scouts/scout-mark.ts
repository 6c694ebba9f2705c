import { readItem, removeItem, writeItem } from "../../lib/browser-storage.ts";

/**
 * A mark that this browser holds a scout's login, so public player pages can offer the scout
 * tools without asking the server on every visit. For display only: the API checks the session.
 */
export const SCOUT_MARK = "touchline.scout";
export const markScoutBrowser = () => writeItem("local", SCOUT_MARK, "1");
export const forgetScoutBrowser = () => removeItem("local", SCOUT_MARK);
export const isScoutBrowser = () => readItem("local", SCOUT_MARK) === "1";
