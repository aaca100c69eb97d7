/** The tables live in src/db (the contract derives its record schemas from them); the server reads them from here. */
export * from '../../db/schema';
