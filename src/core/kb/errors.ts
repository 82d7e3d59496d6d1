/** A knowledge base problem a user can act on: the message names the file, the flag or the version. */
export class KbError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KbError';
  }
}
