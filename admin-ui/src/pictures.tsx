// Pictures of a material: one swatch and up to six application photos from the Media Library, chosen in
// WordPress's own media modal (window.wp.media, enqueued by Admin_Page.php), each with its alt text in
// German and English, prefilled from the attachment's alt text. The configuration keeps the attachment
// ids; the server says which of them can no longer be published (deleted, private) and shows previews.
import { createElement, useState } from '@wordpress/element';
import { Button, Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { useField } from './form-context.js';
import { LocalizedTextField } from './fields.js';
import type { LocalizedText, Material, PictureStatus } from './types.js';
import material from '../../schemas/material.schema.json' with { type: 'json' };

/** How many application photos a material may have (schemas/material.schema.json). */
export const MAX_APPLICATION_PHOTOS = material.properties.pictures.properties.applications.maxItems;

interface Picture {
  attachment_id: number;
  alt: LocalizedText;
}

/** An attachment as the media modal hands it over (wp.media's attachment model, toJSON). */
interface MediaAttachment {
  id: number;
  alt?: string;
  title?: string;
  url?: string;
  sizes?: Record<string, { url: string } | undefined>;
}

let status: PictureStatus = { previews: {}, unavailable: {} };

/** Kept from each answer of the config routes. */
export function rememberPictures(next: PictureStatus | undefined): void {
  if (next) status = { previews: { ...next.previews }, unavailable: { ...next.unavailable } };
}

/** The pictures of a material that cannot be published, as the server saw the saved configuration. */
export function unavailablePictures(material: Material | undefined): number[] {
  const ids = material ? (status.unavailable[material.id] ?? []) : [];
  const named = new Set(pictureIds(material));
  return ids.filter((id) => named.has(id));
}

function pictureIds(material: Material | undefined): number[] {
  const pictures = material?.pictures;
  if (!pictures) return [];
  return [pictures.swatch, ...(pictures.applications ?? [])].filter((p): p is NonNullable<typeof p> => !!p).map((p) => Number(p.attachment_id));
}

interface MediaFrame {
  on(event: 'select', callback: () => void): void;
  open(): void;
  state(): { get(name: 'selection'): { toJSON(): MediaAttachment[] } };
}

type MediaFactory = (options: Record<string, unknown>) => MediaFrame;

function mediaFactory(): MediaFactory | undefined {
  return (window as unknown as { wp?: { media?: MediaFactory } }).wp?.media;
}

/** Opens the media modal on images; calls back with what was chosen. */
function chooseImages(title: string, multiple: boolean, onChosen: (attachments: MediaAttachment[]) => void): void {
  const media = mediaFactory();
  if (!media) return;
  const frame = media({ title, multiple, library: { type: 'image' }, button: { text: __('Use this picture', 'manufacturer-agent') } });
  frame.on('select', () => onChosen(frame.state().get('selection').toJSON()));
  frame.open();
}

/** A chosen attachment as a picture: the attachment's alt text in both languages, else the material's name. */
function pictureOf(attachment: MediaAttachment, name: LocalizedText | undefined): Picture {
  status.previews[String(attachment.id)] = attachment.sizes?.thumbnail?.url ?? attachment.sizes?.medium?.url ?? attachment.url ?? null;
  const alt = (attachment.alt ?? '').trim();
  return {
    attachment_id: attachment.id,
    alt: { de: alt || name?.de || attachment.title || String(attachment.id), en: alt || name?.en || attachment.title || String(attachment.id) },
  };
}

function PictureSlot({
  pointer,
  label,
  unavailable,
  onReplace,
  onRemove,
}: {
  pointer: string;
  label: string;
  unavailable: boolean;
  onReplace: () => void;
  onRemove: () => void;
}) {
  const picture = useField<Picture | undefined>(pointer);
  if (!picture.value) return null;
  const preview = status.previews[String(picture.value.attachment_id)];
  return (
    <div className={`ma-picture${unavailable ? ' is-unavailable' : ''}`} data-field={pointer} data-attachment={picture.value.attachment_id}>
      <div className="ma-picture__preview">
        {preview && !unavailable ? <img src={preview} alt="" width={96} height={96} /> : <span className="ma-picture__none">{label}</span>}
      </div>
      <div className="ma-picture__fields">
        {unavailable ? (
          <Notice status="warning" isDismissible={false}>
            {__('This picture was deleted or is not public: it is not published. Choose another one or remove it.', 'manufacturer-agent')}
          </Notice>
        ) : null}
        <LocalizedTextField
          pointer={`${pointer}/alt`}
          label={sprintf(/* translators: %s: swatch or application photo */ __('Alt text (%s)', 'manufacturer-agent'), label)}
        />
        <div className="ma-picture__actions">
          <Button variant="secondary" onClick={onReplace}>
            {__('Replace', 'manufacturer-agent')}
          </Button>
          <Button variant="tertiary" isDestructive onClick={onRemove}>
            {__('Remove', 'manufacturer-agent')}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The swatch and the application photos of the material at /materials/<index>. */
export function PicturesField({ base }: { base: string }) {
  const pictures = useField<Material['pictures'] | undefined>(`${base}/pictures`);
  const name = useField<LocalizedText | undefined>(`${base}/name`).value;
  const id = useField<string>(`${base}/id`).value;
  const [, rerender] = useState(0);
  const value = pictures.value ?? {};
  const applications = (value.applications ?? []) as Picture[];
  const missing = new Set(status.unavailable[id] ?? []);
  const update = (next: { swatch?: Picture; applications?: Picture[] }) => {
    const cleaned = { ...(next.swatch ? { swatch: next.swatch } : {}), ...(next.applications?.length ? { applications: next.applications } : {}) };
    pictures.set(Object.keys(cleaned).length ? cleaned : undefined);
    rerender((n) => n + 1);
  };
  const swatchLabel = __('swatch', 'manufacturer-agent');
  const photoLabel = __('application photo', 'manufacturer-agent');
  const chooseSwatch = () =>
    chooseImages(
      __('Choose the swatch', 'manufacturer-agent'),
      false,
      ([attachment]) => attachment && update({ ...value, swatch: pictureOf(attachment, name) } as never),
    );
  const chooseApplication = (index: number | null) =>
    chooseImages(__('Choose application photos', 'manufacturer-agent'), index === null, (attachments) => {
      const chosen = attachments.map((a) => pictureOf(a, name));
      const next =
        index === null ? [...applications, ...chosen].slice(0, MAX_APPLICATION_PHOTOS) : applications.map((p, i) => (i === index ? (chosen[0] ?? p) : p));
      update({ ...(value as object), applications: next } as never);
    });
  return (
    <fieldset className="ma-pictures" data-field={`${base}/pictures`}>
      <legend className="ma-localized__legend">{__('Pictures', 'manufacturer-agent')}</legend>
      <p className="ma-localized__help">
        {__(
          'From the Media Library: one swatch and up to six application photos. Agents and the catalog block show them with these alt texts.',
          'manufacturer-agent',
        )}
      </p>
      {value.swatch ? (
        <PictureSlot
          pointer={`${base}/pictures/swatch`}
          label={swatchLabel}
          unavailable={missing.has(Number(value.swatch.attachment_id))}
          onReplace={chooseSwatch}
          onRemove={() => update({ applications })}
        />
      ) : (
        <Button variant="secondary" className="ma-pictures__choose-swatch" onClick={chooseSwatch}>
          {__('Choose swatch', 'manufacturer-agent')}
        </Button>
      )}
      {applications.map((picture, index) => (
        <PictureSlot
          key={`${picture.attachment_id}-${index}`}
          pointer={`${base}/pictures/applications/${index}`}
          label={photoLabel}
          unavailable={missing.has(Number(picture.attachment_id))}
          onReplace={() => chooseApplication(index)}
          onRemove={() => update({ swatch: value.swatch as Picture | undefined, applications: applications.filter((_, i) => i !== index) })}
        />
      ))}
      {applications.length < MAX_APPLICATION_PHOTOS ? (
        <Button variant="secondary" className="ma-pictures__add-application" onClick={() => chooseApplication(null)}>
          {__('Add application photos', 'manufacturer-agent')}
        </Button>
      ) : null}
    </fieldset>
  );
}
