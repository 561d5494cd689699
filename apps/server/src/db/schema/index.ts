/** The one Drizzle schema of the portal; each feature's tables live in their own file. */
export * from './dictionary';
export * from './users';
export * from './textbooks';
