/** A file of an untrusted run's artifact (a pull request's) that is missing, malformed or too large: refused, never used. */
export class UntrustedFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UntrustedFileError';
  }
}
