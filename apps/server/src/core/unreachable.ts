/** A service named by a setting (e.g. REDIS_URL) could not be reached at start; main.ts prints one line. */
export class UnreachableError extends Error {
  constructor(
    readonly variable: string,
    readonly reason: string,
  ) {
    super(`${variable}: cannot connect (${reason})`);
    this.name = 'UnreachableError';
  }
}
