import Image from '@tiptap/extension-image'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useId, useState } from 'react'
import { useStudioText } from '../studio-text'

/**
 * An image the body may hold: its address and its text for who cannot see it; a library
 * picture also brings its texts per language (`alts`, decision 091).
 */
export interface PickedImage {
  readonly url: string
  readonly alt: string
  readonly alts?: Readonly<Partial<Record<string, string>>> | undefined
}

/**
 * The post body's editor (Tiptap, headless; docs/decisions/082-post-preview.md). It writes what
 * the site's tenant HTML policy keeps (paragraphs, headings 2 and 3, emphasis, lists, quotes,
 * links, images); the server cleans what it is sent by that policy anyway. `onInsertImage` is
 * the media library's seam: given, the image button asks it; absent, an address and its
 * alternative text are typed in. `html` is read when the editor is made: a parent showing
 * another text (another language) gives it another key.
 */
type Tool =
  | 'bold'
  | 'italic'
  | 'heading2'
  | 'heading3'
  | 'bullets'
  | 'numbers'
  | 'quote'
  | 'link'
  | 'image'

export function RichTextEditor({
  label,
  html,
  onChange,
  onInsertImage,
}: {
  label: string
  html: string
  onChange: (html: string) => void
  onInsertImage?: (() => Promise<PickedImage | undefined>) | undefined
}) {
  const { t } = useStudioText()
  const id = useId()
  const [asking, setAsking] = useState(false)
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        link: { openOnClick: false },
      }),
      Image,
    ],
    content: html,
    immediatelyRender: false,
    editorProps: {
      attributes: { 'aria-labelledby': `${id}-label`, role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  })
  const insert = (image: PickedImage | undefined) => {
    if (image && editor) editor.chain().focus().setImage({ src: image.url, alt: image.alt }).run()
  }
  const pickImage = async () => {
    if (onInsertImage) insert(await onInsertImage())
    else setAsking(true)
  }
  const link = () => {
    const href = window.prompt(t('studio.posts.linkAddress'))
    if (href === null || !editor) return
    if (href === '') editor.chain().focus().unsetLink().run()
    else editor.chain().focus().setLink({ href }).run()
  }
  const button = (name: Tool, run: () => void, active = false) => (
    <button type="button" aria-pressed={active} onClick={run} disabled={!editor}>
      {t(`studio.posts.tool.${name}`)}
    </button>
  )
  const chain = () => editor?.chain().focus()
  return (
    <div className="studio-rich-text">
      <p id={`${id}-label`} className="studio-rich-text__label">
        {label}
      </p>
      <div
        role="toolbar"
        aria-label={t('studio.posts.toolbar')}
        className="studio-rich-text__tools"
      >
        {button('bold', () => chain()?.toggleBold().run(), editor?.isActive('bold'))}
        {button('italic', () => chain()?.toggleItalic().run(), editor?.isActive('italic'))}
        {button(
          'heading2',
          () => chain()?.toggleHeading({ level: 2 }).run(),
          editor?.isActive('heading', { level: 2 }),
        )}
        {button(
          'heading3',
          () => chain()?.toggleHeading({ level: 3 }).run(),
          editor?.isActive('heading', { level: 3 }),
        )}
        {button('bullets', () => chain()?.toggleBulletList().run(), editor?.isActive('bulletList'))}
        {button(
          'numbers',
          () => chain()?.toggleOrderedList().run(),
          editor?.isActive('orderedList'),
        )}
        {button('quote', () => chain()?.toggleBlockquote().run(), editor?.isActive('blockquote'))}
        {button('link', link, editor?.isActive('link'))}
        {button('image', () => void pickImage())}
      </div>
      {asking && (
        <ImageFields
          onDone={(image) => {
            setAsking(false)
            insert(image)
          }}
        />
      )}
      <EditorContent editor={editor} className="studio-rich-text__area" />
    </div>
  )
}

function ImageFields({ onDone }: { onDone: (image: PickedImage | undefined) => void }) {
  const { t } = useStudioText()
  const id = useId()
  const [url, setUrl] = useState('')
  const [alt, setAlt] = useState('')
  return (
    <fieldset className="studio-rich-text__image">
      <legend>{t('studio.posts.tool.image')}</legend>
      <label htmlFor={`${id}-url`}>{t('studio.posts.imageUrl')}</label>
      <input id={`${id}-url`} type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
      <label htmlFor={`${id}-alt`}>{t('studio.posts.imageAlt')}</label>
      <input id={`${id}-alt`} value={alt} onChange={(e) => setAlt(e.target.value)} required />
      <button
        type="button"
        disabled={url === '' || alt.trim() === ''}
        onClick={() => onDone({ url, alt })}
      >
        {t('studio.posts.insert')}
      </button>
      <button type="button" onClick={() => onDone(undefined)}>
        {t('studio.posts.cancel')}
      </button>
    </fieldset>
  )
}
