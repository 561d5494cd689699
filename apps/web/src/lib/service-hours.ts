/**
 * Customer-service hours: the one rule lives in @eav/contract (the chat server uses it too); this
 * module keeps the web's import path.
 */
export { isServiceOpen } from '@eav/contract';
