// Stage thumbnails: the whole design rectangle with every element at rest, as a small scene of
// SVG groups. The library list, the event card and the printable briefing draw it; it is pure
// (no DOM), so the server, a test or a bench can build it too, and `thumbnailSvg` gives markup.
import { elementDesignSize } from './coordinates.ts';
import type { Stage } from './model.ts';
import { DEFAULT_TARGET_SHAPES, shapeFor } from './shapes.ts';
import type { TargetShapes } from './shapes.ts';
import type { ShapePart } from './shapes.ts';

/** One element of a thumbnail: its shape's parts in millimetres and where they go. */
export interface ThumbnailItem {
  readonly id: string;
  /** Centre in design pixels. */
  readonly x: number;
  readonly y: number;
  /** Design pixels per shape millimetre. */
  readonly scale: number;
  readonly parts: readonly ShapePart[];
}

/** A stage as a thumbnail scene in design pixels (viewBox 0 0 width height). */
export interface Thumbnail {
  readonly width: number;
  readonly height: number;
  readonly items: readonly ThumbnailItem[];
}

/** Colours of a thumbnail's backdrop: a plain range wall with a ground line. */
export const THUMBNAIL_COLOURS = { wall: '#e9e4d8', ground: '#b7ab92' } as const;

/** The thumbnail scene of a stage: elements where the designer places them, at rest. */
export function stageThumbnail(stage: Stage, shapes: TargetShapes = DEFAULT_TARGET_SHAPES): Thumbnail {
  const { designWidth: width, designHeight: height } = stage;
  const items = stage.elements.map((element): ThumbnailItem => {
    const shape = shapeFor(element.type, element.targetType, shapes);
    const size = elementDesignSize(element, height, element.scale, shapes);
    return {
      id: element.id,
      x: (element.positionX / 10_000 + 0.5) * width,
      y: (element.positionY / 10_000 + 0.5) * height,
      scale: size.height / shape.height,
      parts: shape.parts,
    };
  });
  return { width, height, items };
}

const fixed = (value: number) => Math.round(value * 100) / 100;

/** A thumbnail as standalone SVG markup (for print, files and measuring). */
export function thumbnailSvg(thumbnail: Thumbnail, options: { title?: string } = {}): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const groups = thumbnail.items.map((item) => {
    const polygons = item.parts
      .map(
        (part) =>
          `<polygon points="${part.polygon.join(' ')}" fill="${part.fill ?? 'none'}" stroke="${part.stroke ?? 'none'}" stroke-width="${part.strokeWidth}"/>`,
      )
      .join('');
    return `<g transform="translate(${fixed(item.x)} ${fixed(item.y)}) scale(${fixed(item.scale * 1000) / 1000})">${polygons}</g>`;
  });
  const title = options.title ? `<title>${escape(options.title)}</title>` : '';
  const ground = thumbnail.height * 0.82;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${thumbnail.width} ${thumbnail.height}">${title}` +
    `<rect width="${thumbnail.width}" height="${thumbnail.height}" fill="${THUMBNAIL_COLOURS.wall}"/>` +
    `<rect y="${ground}" width="${thumbnail.width}" height="${thumbnail.height - ground}" fill="${THUMBNAIL_COLOURS.ground}"/>` +
    `${groups.join('')}</svg>`
  );
}
