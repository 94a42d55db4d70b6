/*
 * The one place the app raises toasts (product §8: title and description); sounds hook in here too.
 * The toast library is loaded on the first toast, not with the page: the app registers a host
 * that mounts the <Toaster/> and says when it is listening.
 */
type Sonner = typeof import('sonner');
type NotifyKind = 'success' | 'error' | 'info';

const notifyListeners = new Set<(kind: NotifyKind) => void>();
let mountToaster: (() => Promise<void>) | null = null;
let sonner: Promise<Sonner> | null = null;

/** Calls `listener` with the kind of every toast raised from now on (the sound feature's cue); returns the undo. */
export function onNotify(listener: (kind: NotifyKind) => void): () => void {
  notifyListeners.add(listener);
  return () => notifyListeners.delete(listener);
}

/** The app's toaster host: `mount` shows the <Toaster/> and resolves once it listens. */
export function registerToasterHost(mount: () => Promise<void>): () => void {
  mountToaster = mount;
  return () => {
    if (mountToaster === mount) mountToaster = null;
  };
}

function raise(kind: NotifyKind, show: (toast: Sonner['toast']) => void): void {
  sonner ??= import('sonner').then(async (module) => {
    await mountToaster?.();
    return module;
  });
  void sonner.then(({ toast }) => show(toast));
  for (const listener of notifyListeners) listener(kind);
}

export function notifySuccess(title: string, description?: string): void {
  raise('success', (toast) => toast.success(title, { description }));
}

export function notifyError(title: string, description?: string): void {
  raise('error', (toast) => toast.error(title, { description }));
}

export function notifyInfo(title: string, description?: string): void {
  raise('info', (toast) => toast(title, { description }));
}

/**
 * A neutral toast with one button that stays until the visitor presses it or closes it, for news
 * that must not slip by unseen (a new version of the app is ready).
 */
export function notifyWithAction(title: string, action: { label: string; onClick: () => void }): void {
  raise('info', (toast) => toast(title, { action, duration: Number.POSITIVE_INFINITY }));
}
