/** An SMS budget for one period: per country, with a figure for every country not named. */
export interface BudgetSetting {
  byCountry: Record<string, number>;
  others: number;
}

export const BUDGET_FORMAT =
  "must be a number of SMS (for every country), or countries with their numbers separated by commas, * for the rest: ZM=300,*=30";

/** "300" or "ZM=300,TZ=50,*=30" (a missing * means 0 for the countries not named), or null when malformed. */
export function parseBudgetSetting(value: string): BudgetSetting | null {
  const text = value.trim().toUpperCase();
  if (/^\d+$/.test(text)) return { byCountry: {}, others: Number(text) };
  const setting: BudgetSetting = { byCountry: {}, others: 0 };
  for (const entry of text.split(",")) {
    const match = /^\s*([A-Z]{2}|\*)\s*=\s*(\d+)\s*$/.exec(entry);
    if (!match) return null;
    const [, country, figure] = match as unknown as [string, string, string];
    if (country === "*") setting.others = Number(figure);
    else setting.byCountry[country] = Number(figure);
  }
  return setting;
}

export const budgetFor = (setting: BudgetSetting, country: string): number =>
  setting.byCountry[country] ?? setting.others;
