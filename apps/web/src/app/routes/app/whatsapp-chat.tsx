import { WhatsappChatScreen } from '@/features/groups/components/whatsapp-chat-screen';

export function WhatsappChatRoute() {
  return <WhatsappChatScreen />;
}
