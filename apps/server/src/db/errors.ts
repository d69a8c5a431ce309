/** The database cannot be reached or started: the process ends with this one message. */
export class DatabaseUnavailableError extends Error {}
