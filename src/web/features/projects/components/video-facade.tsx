import { CloudOff, Play } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { Project } from '#shared/content/projects.ts';
import { cn } from '#web/lib/cn.ts';
import { useOnline } from '#web/lib/offline/connectivity.ts';
import { PROJECT_COLOR_CLASSES } from './project-style.ts';

/** The privacy-enhanced embed (product D6), loaded only after the visitor presses play. */
function embedUrl(youtubeId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`;
}

const POSTER_CLASS = 'bg-blueprint absolute inset-0 flex flex-col justify-end p-4';
const CAPTION_CLASS = 'relative rounded-lg bg-bg/85 px-2.5 py-1.5 text-sm font-medium text-text backdrop-blur-sm';

/** The poster's picture: the project's colour and a round badge in the middle; `children` is the caption. */
function Poster({
  project,
  badgeClass,
  icon,
  children,
}: {
  project: Project;
  badgeClass: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <span
        className={cn('absolute inset-0 bg-gradient-to-br to-transparent', PROJECT_COLOR_CLASSES[project.color].poster)}
        aria-hidden="true"
      />
      {/* Centred above the caption's line, so the caption never covers it (issue 23). */}
      <span className="absolute inset-x-0 top-0 bottom-12 grid place-items-center" aria-hidden="true">
        <span className={cn('grid size-16 place-items-center rounded-full', badgeClass)}>{icon}</span>
      </span>
      {children}
    </>
  );
}

/**
 * A local poster with a play button stands in for the video: nothing is requested from YouTube
 * until the visitor asks for it (product D6). The box keeps its 16:9 size, so nothing jumps.
 */
export function VideoFacade({ project }: { project: Project }) {
  const [playing, setPlaying] = useState(false);
  const online = useOnline();
  const { video } = project;

  return (
    <div className="relative aspect-video overflow-hidden rounded-xl border border-border bg-bg">
      {!playing && !online ? (
        // Videos stay online-only (product D15): offline the poster says so instead of failing.
        <div className={POSTER_CLASS} data-video-offline={video.youtubeId}>
          <Poster
            project={project}
            badgeClass="border border-border bg-surface-2 text-muted"
            icon={<CloudOff className="size-7" />}
          >
            <p className={cn(CAPTION_CLASS, 'max-sm:truncate')}>
              Video needs a connection
              <span className="block text-xs text-muted max-sm:hidden">
                {video.title} plays here when you are back online
              </span>
            </p>
          </Poster>
        </div>
      ) : playing ? (
        <iframe
          src={embedUrl(video.youtubeId)}
          title={video.title}
          className="absolute inset-0 size-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className={cn(POSTER_CLASS, 'group text-left')}
          data-video-facade={video.youtubeId}
        >
          <Poster
            project={project}
            badgeClass="bg-cta text-cta-text shadow-[0_10px_30px_-10px_var(--cta)] transition-transform duration-200 group-hover:scale-110 group-focus-visible:scale-110"
            icon={<Play className="ml-1 size-7 fill-current" />}
          >
            {/* One line on a phone: the title, cut short if it must be (the button's name keeps it whole). */}
            <span className={cn(CAPTION_CLASS, 'max-sm:truncate')}>
              <span className="sr-only">Play video: </span>
              {video.title}
              <span className="block text-xs text-muted max-sm:hidden">Plays from YouTube when you press play</span>
            </span>
          </Poster>
        </button>
      )}
    </div>
  );
}
