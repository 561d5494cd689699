/** The one Drizzle schema of the portal; each feature's tables live in their own file. */
export * from './dictionary';
export * from './users';
export * from './identity';
export * from './textbooks';
export * from './question-bank';
export * from './resources';
export * from './prize';
export * from './teaching';
export * from './publishing';
export * from './chat';
export * from './training';
export * from './big-data';
export * from './history';
export * from './jobs';
