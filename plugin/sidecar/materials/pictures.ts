// Pictures of materials: WordPress resolves the Media Library attachments staff chose (ids and alt
// texts in the configuration) to their image files before it pushes the configuration. What is
// published carries only resolved pictures; a material without any publishes as it did before.
import type { LocalizedText, Material, MaterialPicture, SiteConfig } from '../core/site-config.js';

type Lang = keyof LocalizedText;

/** A picture WordPress resolved: its attachment exists, is public and has image files. */
const resolved = (picture: MaterialPicture | undefined): picture is MaterialPicture => !!picture?.sizes?.length;

/** The material as it is published: only resolved pictures, and no pictures field when none is left. */
export function publishedMaterial(material: Material): Material {
  const pictures = material.pictures;
  if (!pictures) return material;
  const { pictures: _stored, ...rest } = material;
  const swatch = resolved(pictures.swatch) ? pictures.swatch : undefined;
  const applications = (pictures.applications ?? []).filter(resolved);
  if (!swatch && !applications.length) return rest as Material;
  return { ...rest, pictures: { ...(swatch ? { swatch } : {}), ...(applications.length ? { applications } : {}) } } as Material;
}

const published = new WeakMap<SiteConfig, Material[]>();

/** Every material as published, computed once per configuration. */
export function publishedMaterials(config: SiteConfig): Material[] {
  let materials = published.get(config);
  if (!materials) {
    materials = config.materials.map(publishedMaterial);
    published.set(config, materials);
  }
  return materials;
}

/** The resolved pictures of a material, the swatch first. */
export function materialPictures(material: Material): MaterialPicture[] {
  const pictures = material.pictures;
  if (!pictures) return [];
  return [pictures.swatch, ...(pictures.applications ?? [])].filter(resolved);
}

const pixels = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'E37' });

/** A picture as a schema.org ImageObject: the largest file, its square thumbnail, the alt text as caption. */
function imageObject(picture: MaterialPicture, lang: Lang): Record<string, unknown> {
  const sizes = picture.sizes!;
  const largest = sizes[0];
  const square = sizes.find((size) => size.square);
  return {
    '@type': 'ImageObject',
    contentUrl: largest.url,
    url: largest.url,
    width: pixels(largest.width),
    height: pixels(largest.height),
    caption: picture.alt[lang],
    ...(square ? { thumbnailUrl: square.url } : {}),
  };
}

/**
 * What a material's schema.org Product adds to its technical values: its pictures (image) and the
 * manufacturer. One builder for the question endpoint's results and the catalog block's JSON-LD.
 */
export function productExtras(config: SiteConfig, base: string, material: Material, lang: Lang): Record<string, unknown> {
  const images = materialPictures(material).map((picture) => imageObject(picture, lang));
  return {
    ...(images.length ? { image: images } : {}),
    manufacturer: { '@type': 'Organization', name: config.company.name, url: base },
  };
}

/** An MCP resource link (content block of a tool result) to an image file the client can fetch. */
export interface PictureLink {
  type: 'resource_link';
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType?: string;
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

function imageType(url: string): string | undefined {
  const path = url.split(/[?#]/, 1)[0];
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : IMAGE_TYPES[path.slice(dot + 1).toLowerCase()];
}

/** The largest file of each resolved picture of the materials, as resource links (swatch first, per material). */
export function pictureLinks(materials: readonly Material[]): PictureLink[] {
  return materials.flatMap((material) =>
    materialPictures(material).map((picture, index) => {
      const largest = picture.sizes![0];
      const mimeType = imageType(largest.url);
      const role = index === 0 && material.pictures?.swatch && resolved(material.pictures.swatch) ? 'swatch' : 'application';
      return {
        type: 'resource_link' as const,
        uri: largest.url,
        name: `${material.id}-${role}-${picture.attachment_id}`,
        title: picture.alt.en,
        description: `${material.name.en}: ${role === 'swatch' ? 'swatch' : 'application photo'}, ${largest.width}×${largest.height} px (${picture.alt.de})`,
        ...(mimeType ? { mimeType } : {}),
      };
    }),
  );
}
