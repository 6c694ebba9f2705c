import type { Migration } from "../migrate.ts";

/**
 * Videos are played from renditions the server makes in a background job, never from the
 * player's original. A video row says where its job stands; the renditions and posters are
 * written in the same statement that marks it ready, so a reader sees all of them or none.
 * Videos stored before this migration are prepared by the same job (queued at start).
 */
export const videoRenditionsMigration: Migration = {
  name: "0008_video_renditions",
  sql: /* sql */ `
    -- 'processing' until the job has published renditions ('ready'), or 'failed' (undecodable)
    alter table media_files add column video_state text
      check (video_state in ('processing', 'ready', 'failed'));
    -- [{ "label": "360p", "width": 640, "height": 360, "bytes": 1234 }, ...], smallest first
    alter table media_files add column video_renditions jsonb;
    -- [{ "format": "webp", "width": 640, "height": 360 }, ...]
    alter table media_files add column video_posters jsonb;
    -- what the player is told when the video could not be prepared
    alter table media_files add column video_failure text;
    update media_files set video_state = 'processing' where kind = 'video';
    create index media_files_video_processing_idx on media_files (created_at) where video_state = 'processing';
  `,
};
