/** Voicemails on the Customer Contact screen (issue 13: /download/voicemail/{file}). Our wording: the spec gives none. */

export const MSG_VOICEMAIL_FILE_REQUIRED = 'Please choose the voicemail recording.'
export const MSG_VOICEMAIL_NOT_AUDIO = 'A voicemail must be an audio recording (MP3, WAV, M4A, OGG or AMR).'
export const MSG_VOICEMAIL_CALLER_REQUIRED = "Please enter the caller's name or phone number."
