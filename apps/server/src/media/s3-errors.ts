/** The HTTP status of an AWS SDK error, when the bucket answered at all. */
export function s3Status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** NoSuchKey from GetObject, NotFound from HeadObject (which has no body to name the error). */
export function isS3NotFound(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound" || s3Status(error) === 404;
}
