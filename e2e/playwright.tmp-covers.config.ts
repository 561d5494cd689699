import base from './playwright.config';
export default { ...base, webServer: { ...base.webServer, timeout: 600_000 } };
