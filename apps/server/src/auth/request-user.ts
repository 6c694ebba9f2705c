// Who is asking lives in http/ so that every domain, low or high, can check it.
export * from "../http/request-user.ts";
