/** Query keys of the 出版管理 section; every write invalidates its own table. */
export const PUBLISHING_KEY = ['console-publishing'] as const;
export const ERRATA_KEY = [...PUBLISHING_KEY, 'errata'] as const;
export const PRINTINGS_KEY = [...PUBLISHING_KEY, 'printings'] as const;
export const ANNOUNCEMENTS_KEY = [...PUBLISHING_KEY, 'announcements'] as const;
