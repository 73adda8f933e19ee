import { useEffect } from 'react';
import { message, Modal, notification } from 'antd';
import { registerFeedback } from '@/lib/feedback';

/** antd's feedback hooks inside ConfigProvider, handed to lib/feedback; loaded on the first toast or dialog. */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(() => {
    registerFeedback({ message: messageApi, modal: modalApi, notification: notificationApi });
    return () => registerFeedback(null);
  }, [messageApi, modalApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
      {notificationHolder}
    </>
  );
}
