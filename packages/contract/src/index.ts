/**
 * @eav/contract: what the web client, the server and third-party clients agree on.
 * Free of server-only imports (runs in the browser).
 */
export * from './sign';
export * from './envelope';
export * from './errors';
export * from './constants';
export * from './limits';
export * from './paths';
export * from './vocabulary';
export * from './links';
export * from './service-hours';
export * from './beijing-time';
export * from './csv';
export * from './consent';
export * from './guardian';
export * from './phone';
export * from './device';
export * from './console';
export * from './schemas/common';
export * from './schemas/dictionary';
export * from './schemas/banner';
export * from './schemas/accounts';
export * from './schemas/consent';
export * from './schemas/guardian';
export * from './schemas/identity';
export * from './schemas/textbooks';
export * from './schemas/reader-marks';
export * from './schemas/history';
export * from './schemas/prize';
export * from './schemas/question-bank';
export * from './schemas/resources';
export * from './schemas/teaching';
export * from './schemas/training';
export * from './schemas/big-data';
export * from './schemas/publishing';
export * from './schemas/chat';
export * from './schemas/console-content';
export * from './schemas/console-chapters';
export * from './schemas/console';
export * from './schemas/console-learning';
export * from './schemas/test-clock';
