import type { Project } from '#shared/content/projects.ts';

/**
 * The picture of the finished build (public/art/<slug>.svg, a file of about 1 KB drawn in the
 * logo's style: ink outlines, flat fills of the site's palette, on the project's tile in either
 * theme). An image, not inline SVG, so a prerendered page carries a tag rather than the drawing.
 */
export function ProjectArt({ project, size, className }: { project: Project; size: number; className?: string }) {
  return <img src={`/art/${project.slug}.svg`} alt="" width={size} height={size} className={className} />;
}
