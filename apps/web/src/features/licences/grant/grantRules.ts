/** Dates as YYYY-MM-DD compare correctly as text. */
type Day = string;

/** The latest expiration date of the chosen platforms, or undefined when none is chosen. */
export function latestPlatformExpiry(
  chosenIds: readonly number[],
  platforms: readonly { id: number; expirationDate: Day }[],
): Day | undefined {
  let latest: Day | undefined;
  for (const p of platforms) {
    if (chosenIds.includes(p.id) && (latest === undefined || p.expirationDate > latest)) latest = p.expirationDate;
  }
  return latest;
}

/**
 * Why a licence expiry day is refused, or null if it is fine: not in the past (today is fine, a
 * licence runs through the end of its day) and not beyond the latest chosen platform's expiry.
 */
export function expiryProblem(day: Day, today: Day, latest: Day | undefined): 'past' | 'beyondPlatform' | null {
  if (day < today) return 'past';
  if (latest !== undefined && day > latest) return 'beyondPlatform';
  return null;
}
