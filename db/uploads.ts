/**
 * The largest file an upload may carry (a message image, a manual payment's attachment): the
 * reference server's `MAX_UPLOAD_BYTES` default, 5 MiB (server/API.md). The client checks it before
 * sending, so a file over it is refused at once with `MESSAGES.uploadImageTooLarge` instead of being
 * sent in full to come back as a 413 or a 422.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const tooLargeToUpload = (file: Blob): boolean => file.size > MAX_UPLOAD_BYTES;
