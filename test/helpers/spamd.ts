/**
 * The SpamAssassin daemon the suite talks to: .ci/run starts Debian's spamd on 127.0.0.1:7830 with network tests off
 * (`spamd -L`); TEST_SPAMD_HOST / TEST_SPAMD_PORT point elsewhere. Tests pass it to the app as SPAMD_HOST/SPAMD_PORT.
 */
export const SPAMD_ENV = {
  SPAMD_HOST: process.env.TEST_SPAMD_HOST ?? '127.0.0.1',
  SPAMD_PORT: process.env.TEST_SPAMD_PORT ?? '7830',
};

/** GTUBE: the string every SpamAssassin scores 1000 (its test for "is the filter working"). */
export const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X';
