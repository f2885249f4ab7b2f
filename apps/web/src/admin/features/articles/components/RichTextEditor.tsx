import { useEffect, useRef, useState } from 'react';
import { App, Button, Divider, Input, Modal, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { ARTICLE_IMAGE_RULES } from '@kc/domain';
import { uploadArticleImage } from '../api';
import s from './articles.module.css';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
}

/** What the editor produces is what the server keeps (sanitize.ts): h2–h4, marks, lists, quotes, links, images. */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: { openOnClick: false, protocols: ['http', 'https'], defaultProtocol: 'https' },
  }),
  Image.configure({ allowBase64: false }),
];

const SAFE_LINK = /^(https?:\/\/|\/(?!\/))/i;
const SAFE_IMAGE = /^(https?:\/\/\S+|\/media\/\d+)$/i;

/**
 * The back office's article editor (tiptap, loaded only with the article drawer). Images are
 * uploaded to the media store or given by address; links take an http(s) address or a path of
 * the site. The server sanitises whatever arrives anyway.
 */
export function RichTextEditor({ value = '', onChange }: Props) {
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const [address, setAddress] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // A form reset (another article opened) replaces the content; typing does not loop back.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: [2, 3, 4].find((level) => e?.isActive('heading', { level })) ?? 0,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      blockquote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;

  const chain = () => editor.chain().focus();
  const tool = (label: string, icon: React.ReactNode, active: boolean, run: (e: Editor) => void) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        onClick={() => run(editor)}
      />
    </Tooltip>
  );
  const block = (label: string, level: 0 | 2 | 3 | 4) => (
    <Button
      key={label}
      size="small"
      type={state?.heading === level && (level !== 0 || !state.blockquote) ? 'primary' : 'text'}
      aria-pressed={state?.heading === level}
      onClick={() => (level === 0 ? chain().setParagraph().run() : chain().toggleHeading({ level }).run())}
    >
      {label}
    </Button>
  );

  const openDialog = (kind: 'link' | 'image') => {
    setAddress(kind === 'link' ? String(editor.getAttributes('link').href ?? '') : '');
    setDialog(kind);
  };
  const confirm = () => {
    const v = address.trim();
    if (dialog === 'link') {
      if (v === '') chain().extendMarkRange('link').unsetLink().run();
      else if (!SAFE_LINK.test(v)) return void message.error('链接须以 http://、https:// 或 / 开头');
      else chain().extendMarkRange('link').setLink({ href: v }).run();
    } else {
      if (!SAFE_IMAGE.test(v)) return void message.error('图片地址须以 http:// 或 https:// 开头');
      chain().setImage({ src: v }).run();
    }
    setDialog(null);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > ARTICLE_IMAGE_RULES.maxBytes) return void message.error('图片不能超过5MB');
    setUploading(true);
    try {
      const url = await uploadArticleImage(file);
      chain()
        .setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
      setDialog(null);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div className={s.editor}>
      <div className={s.toolbar} role="toolbar" aria-label="正文格式">
        {block('正文', 0)}
        {block('标题', 2)}
        {block('小标题', 3)}
        {block('段落标题', 4)}
        <Divider orientation="vertical" />
        {tool('加粗', <BoldOutlined />, !!state?.bold, () => chain().toggleBold().run())}
        {tool('斜体', <ItalicOutlined />, !!state?.italic, () => chain().toggleItalic().run())}
        {tool('下划线', <UnderlineOutlined />, !!state?.underline, () => chain().toggleUnderline().run())}
        {tool('删除线', <StrikethroughOutlined />, !!state?.strike, () => chain().toggleStrike().run())}
        <Divider orientation="vertical" />
        {tool('无序列表', <UnorderedListOutlined />, !!state?.bulletList, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('有序列表', <OrderedListOutlined />, !!state?.orderedList, () =>
          chain().toggleOrderedList().run(),
        )}
        <Button
          size="small"
          type={state?.blockquote ? 'primary' : 'text'}
          aria-pressed={!!state?.blockquote}
          onClick={() => chain().toggleBlockquote().run()}
        >
          引用
        </Button>
        <Divider orientation="vertical" />
        {tool('链接', <LinkOutlined />, !!state?.link, () => openDialog('link'))}
        {tool('插入图片', <PictureOutlined />, false, () => openDialog('image'))}
        <Divider orientation="vertical" />
        {tool('撤销', <UndoOutlined />, false, () => chain().undo().run())}
        {tool('重做', <RedoOutlined />, false, () => chain().redo().run())}
      </div>
      <EditorContent editor={editor} className={s.content} aria-label="文章正文" />
      <Modal
        title={dialog === 'link' ? '插入链接' : '插入图片'}
        open={dialog !== null}
        onCancel={() => setDialog(null)}
        onOk={confirm}
        okText="插入"
        cancelText="取消"
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input
            aria-label={dialog === 'link' ? '链接地址' : '图片地址'}
            placeholder={
              dialog === 'link' ? 'https://… 或站内路径，如 /help_us（留空则取消链接）' : 'https://…'
            }
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            onPressEnter={confirm}
          />
          {dialog === 'image' && (
            <>
              <Button loading={uploading} onClick={() => fileInput.current?.click()}>
                从电脑上传图片
              </Button>
              <span className={s.hint}>JPG、PNG或WebP，不超过5MB</span>
              <input
                ref={fileInput}
                type="file"
                accept={ARTICLE_IMAGE_RULES.accept}
                hidden
                aria-label="选择图片文件"
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </>
          )}
        </Space>
      </Modal>
    </div>
  );
}
