import sprite from "./icons.svg";
import type { IconName } from "./icon-names";

export type { IconName };

/** The sprite's address (content-hashed by the build, so browsers keep it for good). */
export const ICON_SPRITE_URL: string = sprite;

/**
 * An icon of the kit's set (Lucide), drawn from the SVG sprite: no icon font and no JavaScript per icon. Decorative
 * by default (hidden from screen readers, the text beside it says what it means); give `label` for an icon alone.
 * The size is the `.icon` class's 16 px unless `className` says otherwise (e.g. "h-5 w-5").
 */
export function Icon({ name, className, label }: { name: IconName; className?: string; label?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
      data-icon={name}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
