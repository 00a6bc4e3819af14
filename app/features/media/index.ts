/**
 * The media library, as other code uses it: a form that takes a picture or a PDF from the
 * library (the media field, app/domain/listings/media-field.server.ts), a read that adds
 * each image's description and focal point, and the uploads of settings and samples.
 * The files themselves are kept by the stores of app/storage.
 */
export { deleteMedia, getMedia, getMediaByUrl, listMedia, MEDIA_NOT_FOUND, MediaRejectedError, uploadMedia, withImageDetails } from "./media.server.ts";
export { focalPosition, mediaAltProblem } from "./media.schema.ts";
