const english = new Intl.PluralRules("en");

/**
 * A count with its noun, right at 0, 1 and many: "0 days", "1 day", "2 days". Every count a
 * sentence shows goes through this, so no page ever says "1 days".
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${english.select(count) === "one" ? one : many}`;
}
