import pino from 'pino';

export type Logger = pino.Logger;

// JSON lines; secrets never reach the log, whatever a caller passes in.
export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'password',
        '*.password',
        'refreshToken',
        '*.refreshToken',
        'refresh_token',
        '*.refresh_token',
        'accessToken',
        '*.accessToken',
        'authorization',
        '*.authorization',
        'headers.authorization',
        // Payment gateway keys, wherever a caller might pass the configuration.
        'secretKey',
        '*.secretKey',
        'esewa.secretKey',
        '*.esewa.secretKey',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
