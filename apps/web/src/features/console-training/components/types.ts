/** What the route hands the section: the console's export buttons (a feature cannot import another's). */
import type { ReactNode } from 'react';

export type ExportSlot = (props: { url: string; params: object; label: string }) => ReactNode;
