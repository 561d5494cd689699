/**
 * The live chat inside the shells' 在线客服 panels (docs/chat.md). The chat is a feature
 * (features/chat) and shared layout code may not import features, so the app provides the widget
 * here (app/shell.tsx); without a provider the panels show the hotline and mailbox only. The widget
 * is free of antd and antd-mobile, so both shells can render it.
 */
import { createContext, useContext, type ComponentType } from 'react';
import { create } from 'zustand';

export interface ChatWidgetProps {
  /** Which shell shows it (sizes and the H5 close button differ). */
  variant: 'desktop' | 'h5';
  /** Closes the panel (the H5 popup's own close button). */
  onClose?: () => void;
}

export const ChatWidgetContext = createContext<ComponentType<ChatWidgetProps> | null>(null);

/**
 * Gets the chat ready ahead of its panel (app/shell.tsx): `widget` loads the widget's chunk (at idle
 * time after the page loaded, so that a tap renders it without waiting); `session`, on the tap, also
 * opens the conversation of in-app path `page` while the panel is still rendering.
 */
export type ChatPrepare = (what: { session: false } | { session: true; page: string }) => void;

export const ChatPrepareContext = createContext<ChatPrepare>(() => undefined);

/** The provided chat widget, or null. */
export function useChatWidget(): ComponentType<ChatWidgetProps> | null {
  return useContext(ChatWidgetContext);
}

/** Whether the 在线客服 panel is open; shared by the floating buttons, the footer and the help pages. */
export const useChatPanel = create<{ open: boolean; setOpen(open: boolean): void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
