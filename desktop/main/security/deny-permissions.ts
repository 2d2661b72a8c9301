import type { Session } from 'electron';

// Electron security checklist "Handle session permission requests": the staff screens need no
// camera, microphone, location, notifications or the like, so every request is refused.
export function denyPermissionRequests(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
