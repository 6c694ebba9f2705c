/** Writes file.br (brotli 11) and file.gz (gzip 9) beside each text asset of at least 1 KiB under dir. */
export function precompressDir(dir: string): { files: number; raw: number; brotli: number };
