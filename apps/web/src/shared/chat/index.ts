export { ChatMessages, mergeMessages } from './ChatMessages';
export { useChatSocket, socketUrl, reconnectDelay, type ChatSocketState } from './useChatSocket';
export { isSendKey } from './keys';
