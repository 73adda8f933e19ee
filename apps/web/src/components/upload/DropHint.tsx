import { InboxOutlined } from '@ant-design/icons';

/** What an Upload.Dragger shows inside its drop area: antd's inbox icon over the words `text`. */
export function DropHint({ text }: { text: string }) {
  return (
    <>
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{text}</p>
    </>
  );
}
