/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly SITE_NAME?: string;
}
