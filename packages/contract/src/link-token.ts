/**
 * The token of a link we send by SMS or e-mail (a guardian's consent page, a scout's e-mail
 * confirmation, a saved search's unsubscribe): base64url, 20 to 100 characters. Anything else
 * is refused before any lookup.
 */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export const isLinkToken = (value: string) => LINK_TOKEN_PATTERN.test(value);
