import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { tempDir } from './app.js';

/** A self-signed certificate and key (PEM files) for 127.0.0.1/localhost, made by openssl for this test run. */
export function selfSignedCertificate(): { cert: string; key: string } {
  const dir = tempDir('ephemail-tls-');
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], {
    stdio: 'ignore',
  });
  return { cert, key };
}
