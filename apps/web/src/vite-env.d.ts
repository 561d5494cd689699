/// <reference types="vite/client" />

/** The EAV-Sign secret, fixed at build time from EAV_SIGN_SECRET (contract section 5). */
declare const __EAV_SIGN_SECRET__: string;
