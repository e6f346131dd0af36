// Generated from openapi.yaml by `npm run gen`. Do not edit by hand.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness and storage check
         * @description Answers 200 when the process is up and its database answers a trivial query, 503 otherwise. No key needed; not rate limited.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API description as JSON
         * @description The OpenAPI 3.1 document the server runs from, converted to JSON. Feed it to client generators.
         */
        get: operations["getOpenApiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API description as YAML
         * @description The OpenAPI 3.1 document exactly as kept in the repository.
         */
        get: operations["getOpenApiYaml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tools/qr-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Generate a QR code (query string)
         * @description Encodes text, a URL, an email address, a phone number or Wi-Fi credentials as a QR code. The payload follows
         *     what phone camera apps expect: `url` as given, `mailto:<email>`, `tel:<phone>`, and
         *     `WIFI:T:WPA;S:<ssid>;P:<password>;;` with `\ ; , " :` backslash-escaped (`T:nopass` and no `P:` without a
         *     password). The field matching `type` is required.
         *
         *     `format=json` (default) answers the envelope with a PNG data URL; `format=png` answers the image bytes
         *     (`image/png`) and `format=svg` the SVG document (`image/svg+xml`). The image is exactly `size` pixels wide
         *     and tall; when the symbol plus its quiet zone needs more pixels than `size`, the answer is 400
         *     `qr_size_too_small` with the minimum. Content beyond QR capacity at the chosen error-correction level is 400
         *     `qr_capacity_exceeded`.
         */
        get: operations["generateQrCode"];
        put?: never;
        /**
         * Generate a QR code (JSON body)
         * @description The same as the GET form, with the parameters in a JSON body. The key may also travel in the body's `apikey` field.
         */
        post: operations["generateQrCodeFromJson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tools/email-validator": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Validate, extract or verify email addresses (query string)
         * @description * `action=validate` (default) checks `email` against RFC 5322/5321 and answers `ValidateData`.
         *       Local parts are dot-atoms; quoted-string local parts, comments and domain literals are valid RFC 5322
         *       but refused here on purpose (codes `quoted_local_part_unsupported`, `comments_unsupported`,
         *       `domain_literal_unsupported`) because real mailboxes practically never use them. Limits: 64 octets for
         *       the local part, 63 per domain label, 254 in total; IDN domains are accepted (checked in their punycode
         *       form); `details.length` counts characters of the trimmed input.
         *     * `action=extract` finds every valid address in `text` and answers `ExtractData` (unique, in order of first
         *       appearance).
         *     * `action=verify` checks syntax, the domain's MX records (through `DNS_SERVERS`), whether the domain is
         *       disposable or a free provider, whether the local part is a role account, suggests a fix for common
         *       provider typos, and — only when the operator enables `VERIFY_SMTP_PROBE` — asks the MX whether it accepts
         *       the recipient. Without the probe, `deliverable` means the domain accepts mail. Addresses on this
         *       platform's own domains are answered from its store without DNS. It answers within `VERIFY_TIMEOUT_MS`
         *       (at most 10 s), with `unknown` when DNS does not answer in time. Rate limited more strictly (20/minute by
         *       default).
         */
        get: operations["validateEmail"];
        put?: never;
        /**
         * Validate, extract or verify email addresses (JSON body)
         * @description The same as the GET form, with the parameters in a JSON body (use it for long `text`). The key may also travel in the body's `apikey` field.
         */
        post: operations["validateEmailFromJson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tools/age-calculator": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Calculate an age (query string)
         * @description Calendar arithmetic in UTC: whole years, then whole months, then days, so that
         *     `birthDate + years + months + days = referenceDate` (adding months clamps to the month's last day, as
         *     dayjs does). `referenceDate` defaults to today in UTC and must not be before `birthDate`. Both are strict
         *     `YYYY-MM-DD` calendar dates with years 1000–9999 (`2023-02-30` is refused).
         *
         *     **29 February:** in common years the birthday is observed on 28 February, so someone born 2000-02-29 turns
         *     1 on 2001-02-28. `nextBirthday` is 0 days away on the birthday itself. `zodiacSign` is the Western tropical
         *     sign of the birth date; `dayOfWeek` is the weekday of the birth date.
         */
        get: operations["calculateAge"];
        put?: never;
        /**
         * Calculate an age (JSON body)
         * @description The same as the GET form, with the parameters in a JSON body. The key may also travel in the body's `apikey` field.
         */
        post: operations["calculateAgeFromJson"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your addresses
         * @description The addresses of the key's account, newest first, including expired ones that the sweeper has not yet
         *     purged (`expired: true`). Paged with `limit` and `offset`; `count` is the total.
         */
        get: operations["listAddresses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a temporary address
         * @description Creates an address that receives mail over SMTP at once. `domain` must be one the platform serves
         *     (`MAIL_DOMAINS`; the first is the default), otherwise 422 `domain_not_allowed`. `prefix` is the local part:
         *     a dot-atom of at most 64 characters, stored lowercased; left out, a random readable one
         *     (`adjective-noun-1234`) is chosen. `expires_in` is the lifetime in seconds: at least 10, `ADDRESS_TTL`
         *     (3600) by default, and capped at `MAX_ADDRESS_LIFETIME` (7 days) — a longer request is shortened to the cap
         *     rather than refused, and `expires_at` says what was granted. An address that exists — yours or anyone's,
         *     live or expired but not yet purged — answers 409 `address_exists`.
         */
        post: operations["createAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        /**
         * Get one of your addresses
         * @description The address with its expiry and message count. Another account's address answers 404 `address_not_found`, exactly as a missing one does.
         */
        get: operations["getAddress"];
        put?: never;
        post?: never;
        /**
         * Delete an address and its mail
         * @description Deletes the address and every message, attachment and raw source it holds, at once. From then on SMTP refuses mail for it (550 5.1.1) and the name is free again.
         */
        delete: operations["deleteAddress"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/extend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Extend an address's lifetime
         * @description Sets the expiry to now + `expires_in` seconds (`ADDRESS_TTL` by default, at least 10), never beyond
         *     `created_at` + `MAX_ADDRESS_LIFETIME`: a longer request is shortened to that cap and `new_expiry` says what
         *     was granted. Extending never shortens: when the current expiry is already later, it stays. An expired
         *     address that the sweeper has not yet purged may be extended, which makes it receive mail again.
         */
        patch: operations["extendAddress"];
        trace?: never;
    };
    "/api/v1/email/{address}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        /**
         * List the messages of an address
         * @description Newest first (by `received_at`, then `id`). Items are summaries: they carry everything but `text` and
         *     `html` (fetch one message for those). `count` is the total number of messages of the address, whatever
         *     the page. Readable until the address is purged, also after it expired.
         */
        get: operations["listMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read one message
         * @description The full message with its decoded subject, text and HTML bodies and attachment list. HTML is returned as received; render it sandboxed.
         */
        get: operations["getMessage"];
        put?: never;
        post?: never;
        /**
         * Delete one message
         * @description Deletes the message with its attachments and raw source.
         */
        delete: operations["deleteMessage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/messages/{id}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        /**
         * Download a message's raw source
         * @description The message exactly as received over SMTP (RFC 5322 bytes), as `message/rfc822`, with a `Content-Disposition` naming it `<id>.eml`.
         */
        get: operations["getMessageRaw"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/{address}/messages/{id}/attachments/{attachment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
                /**
                 * @description An attachment id (`att_…`) from the message.
                 * @example att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
                 */
                attachment_id: components["parameters"]["AttachmentIdPath"];
            };
            cookie?: never;
        };
        /**
         * Download an attachment
         * @description The attachment's bytes with the content type the sender declared, `Content-Disposition: attachment` with a
         *     sanitised `filename` (and an RFC 5987 `filename*` for non-ASCII names) and `X-Content-Type-Options:
         *     nosniff`, so a browser downloads it rather than rendering it.
         */
        get: operations["getAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Machine-readable error code; each answers with one HTTP status:
         *     `validation_error` 400, `invalid_json` 400, `ambiguous_api_key` 400, `qr_capacity_exceeded` 400,
         *     `qr_size_too_small` 400, `missing_api_key` 401, `invalid_api_key` 401, `wrong_key_kind` 403,
         *     `plan_required` 403, `not_found` 404, `account_not_found` 404, `key_not_found` 404, `address_not_found` 404,
         *     `message_not_found` 404, `attachment_not_found` 404, `account_exists` 409, `address_exists` 409,
         *     `payload_too_large` 413, `unsupported_media_type` 415, `domain_not_allowed` 422, `rate_limited` 429,
         *     `internal_error` 500, `service_unavailable` 503.
         * @enum {string}
         */
        ErrorCode: "validation_error" | "invalid_json" | "ambiguous_api_key" | "qr_capacity_exceeded" | "qr_size_too_small" | "missing_api_key" | "invalid_api_key" | "wrong_key_kind" | "plan_required" | "not_found" | "account_not_found" | "key_not_found" | "address_not_found" | "message_not_found" | "attachment_not_found" | "account_exists" | "address_exists" | "domain_not_allowed" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "internal_error" | "service_unavailable";
        /** @description The failure envelope used by every operation. */
        Error: {
            /**
             * @description Always false.
             * @constant
             */
            success: false;
            error: components["schemas"]["ErrorCode"];
            /** @description A sentence for humans saying what was wrong and */
            message: string;
        };
        Health: {
            /**
             * @description Always `ok` on 200.
             * @constant
             */
            status: "ok";
            /**
             * @description The store in use.
             * @enum {string}
             */
            database: "sqlite" | "postgres";
            /** @description Server version. */
            version: string;
        };
        /**
         * @description What the QR code carries.
         * @default text
         * @enum {string}
         */
        QrType: "text" | "url" | "email" | "phone" | "wifi";
        /**
         * @description Wi-Fi security type.
         * @enum {string}
         */
        WifiEncryption: "WPA" | "WEP" | "nopass";
        /**
         * @description QR error-correction level.
         * @default M
         * @enum {string}
         */
        ErrorCorrectionLevel: "L" | "M" | "Q" | "H";
        /**
         * @description Answer format.
         * @default json
         * @enum {string}
         */
        QrFormat: "json" | "png" | "svg";
        /** @description QR parameters as a JSON body; the same rules as the query parameters of the GET form. */
        QrCodeRequest: {
            /** @description Tools key, as an alternative to the x-api-key header. */
            apikey?: string;
            type?: components["schemas"]["QrType"];
            /** @description Text to encode when `type=text`. */
            text?: string;
            /** @description URL to encode when `type=url`. */
            url?: string;
            /** @description Address encoded as `mailto:` when `type=email`. */
            email?: string;
            /** @description Number encoded as `tel:` when `type=phone`. */
            phone?: string;
            /** @description Network name when `type=wifi`. */
            wifiSSID?: string;
            /** @description Network password; leave out for an open network. */
            wifiPassword?: string;
            wifiEncryption?: components["schemas"]["WifiEncryption"];
            /**
             * @description Whether the network is hidden.
             * @default false
             */
            wifiHidden?: boolean;
            /**
             * @description Image width and height in pixels.
             * @default 256
             */
            size?: number;
            /**
             * @description Quiet zone in modules.
             * @default 4
             */
            margin?: number;
            errorCorrectionLevel?: components["schemas"]["ErrorCorrectionLevel"];
            format?: components["schemas"]["QrFormat"];
        };
        QrCodeData: {
            /** @description The exact payload encoded (e.g. `mailto:…`, `WIFI:…`). */
            value: string;
            type: components["schemas"]["QrType"];
            /** @description Image width and height in pixels. */
            size: number;
            /** @description Quiet zone in modules. */
            margin: number;
            errorCorrectionLevel: components["schemas"]["ErrorCorrectionLevel"];
            /** @description The PNG image as a `data:image/png;base64,` URL. */
            dataUrl: string;
            /**
             * @description Image format of `dataUrl`.
             * @constant
             */
            format: "png";
        };
        QrCodeResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            data: components["schemas"]["QrCodeData"];
        };
        /**
         * @description What the email validator does.
         * @default validate
         * @enum {string}
         */
        EmailAction: "validate" | "extract" | "verify";
        /** @description Email validator parameters as a JSON body. */
        EmailValidatorRequest: {
            /** @description Tools key, as an alternative to the x-api-key header. */
            apikey?: string;
            action?: components["schemas"]["EmailAction"];
            /** @description The address to validate or verify (required for those actions). */
            email?: string;
            /** @description Text to extract addresses from (required for `extract`). */
            text?: string;
        };
        Issue: {
            /**
             * @description Stable lower_snake_case code. Errors: `empty`, `missing_at`, `multiple_at`, `contains_whitespace`,
             *     `local_part_empty`, `local_part_invalid_character`, `local_part_leading_dot`, `local_part_trailing_dot`,
             *     `local_part_consecutive_dots`, `local_part_too_long` (over 64 octets), `quoted_local_part_unsupported`,
             *     `comments_unsupported`, `domain_empty`, `domain_literal_unsupported`, `domain_invalid_character`,
             *     `domain_empty_label`, `domain_single_label`, `domain_label_hyphen`, `domain_invalid_idn`,
             *     `domain_label_too_long` (over 63), `tld_numeric`, `address_too_long` (over 254). Warnings:
             *     `surrounding_whitespace`, `smtputf8_local_part`, `role_account`, `disposable_domain`, `free_provider`,
             *     `possible_typo`.
             */
            code: string;
            /** @description A sentence for humans. */
            message: string;
        };
        ValidateData: {
            /** @description True when there are no errors; warnings never make an address invalid. */
            isValid: boolean;
            /** @description Rules the address breaks. */
            errors: components["schemas"]["Issue"][];
            /** @description Things worth knowing (disposable domain, role account, possible typo, surrounding whitespace, SMTPUTF8 local part). */
            warnings: components["schemas"]["Issue"][];
            /** @description The address's parts as parsed (null where a part is missing). */
            details: {
                /** @description The part before the @ */
                localPart: string | null;
                /** @description The domain */
                domain: string | null;
                /** @description The domain's labels. */
                domainParts: string[];
                /** @description The last label. */
                tld: string | null;
                /** @description Characters in the trimmed input. */
                length: number;
            };
        };
        ExtractData: {
            /** @description Valid addresses found */
            emails: string[];
            /** @description Number of addresses in `emails`. */
            count: number;
        };
        MxRecord: {
            /** @description Mail server host name. */
            exchange: string;
            /** @description Lower is preferred. */
            priority: number;
        };
        VerifyData: {
            /** @description The address as checked (trimmed). */
            email: string;
            /**
             * @description `risky`: valid but disposable or a role account; `unknown`: DNS or SMTP did not answer in time.
             * @enum {string}
             */
            result: "deliverable" | "undeliverable" | "risky" | "unknown";
            /**
             * @description Why: `invalid_syntax` (undeliverable, no DNS asked); `mailbox_exists` / `mailbox_not_found` (this
             *     platform's own domains, answered from its store); `domain_not_found` (NXDOMAIN), `no_mx_records` (no MX
             *     and no A/AAAA), `null_mx` (RFC 7505) — undeliverable; `dns_timeout`, `dns_error`, `lookup_timeout` —
             *     unknown; `rejected_email` (the MX refused RCPT) — undeliverable; `disposable_domain`, `role_account` —
             *     risky; `smtp_unreachable`, `smtp_inconclusive` (probe on, no clear answer) — unknown; `accepted_email`
             *     — deliverable (the domain accepts mail; with the probe on, the MX also accepted the recipient).
             */
            reason: string;
            /** @description The individual checks behind `result`. */
            checks: {
                /** @description The address is syntactically valid. */
                syntax: boolean;
                /** @description The domain accepts mail (MX or A/AAAA); null when DNS gave no answer. */
                mx: boolean | null;
                /** @description The domain is a known disposable-mail provider. */
                disposable: boolean;
                /** @description The local part is a role (admin, info, support, …). */
                role: boolean;
                /** @description The domain is a free mail provider. */
                free: boolean;
                /** @description The MX accepted the recipient; null when not probed or no answer. */
                smtp: boolean | null;
            };
            /** @description MX records by priority. */
            mxRecords: components["schemas"]["MxRecord"][];
            /** @description A corrected address for a likely typo of a common provider. */
            didYouMean: string | null;
        };
        EmailValidatorResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description `ValidateData`, `ExtractData` or `VerifyData`, following `action`. */
            data: components["schemas"]["ValidateData"] | components["schemas"]["ExtractData"] | components["schemas"]["VerifyData"];
        };
        /** @description A calendar date `YYYY-MM-DD` (years 1000–9999); impossible dates such as 2023-02-30 are refused. */
        CalendarDate: string;
        AgeRequest: {
            /** @description Tools key, as an alternative to the x-api-key header. */
            apikey?: string;
            birthDate: components["schemas"]["CalendarDate"];
            referenceDate?: components["schemas"]["CalendarDate"];
        };
        AgeData: {
            /** @description The birth date as given. */
            birthDate: string;
            /** @description The date the age is computed at (today in UTC by default). */
            referenceDate: string;
            /** @description Whole years. */
            years: number;
            /** @description Whole months after the whole years (0–11). */
            months: number;
            /** @description Days after the whole months. */
            days: number;
            /** @description Days between the two dates. */
            totalDays: number;
            /** @description Whole weeks (totalDays ÷ 7 */
            totalWeeks: number;
            /** @description Whole months between the two dates. */
            totalMonths: number;
            /** @description The next birthday on or after referenceDate. */
            nextBirthday: {
                /** @description Days until the next birthday (0 on the birthday). */
                days: number;
                /** @description Date of the next birthday, YYYY-MM-DD (28 February in common years for 29 February births). */
                date: string;
            };
            /**
             * @description Western tropical zodiac sign of the birth date.
             * @enum {string}
             */
            zodiacSign: "Aries" | "Taurus" | "Gemini" | "Cancer" | "Leo" | "Virgo" | "Libra" | "Scorpio" | "Sagittarius" | "Capricorn" | "Aquarius" | "Pisces";
            /**
             * @description Weekday of the birth date.
             * @enum {string}
             */
            dayOfWeek: "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";
        };
        AgeResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            data: components["schemas"]["AgeData"];
        };
        /** @description All fields are optional; an empty body (or none) creates a random address on the default domain. */
        CreateAddressRequest: {
            /** @description A domain the platform serves; the first of `MAIL_DOMAINS` when left out. */
            domain?: string;
            /** @description The local part (a dot-atom, stored lowercased); random and readable when left out. */
            prefix?: string;
            /** @description Lifetime in seconds (default `ADDRESS_TTL`, capped at `MAX_ADDRESS_LIFETIME`). */
            expires_in?: number;
        };
        CreatedAddress: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description The full address. */
            email: string;
            /** @description Its domain. */
            domain: string;
            /** @description Its local part. */
            prefix: string;
            /**
             * Format: date-time
             * @description When it stops receiving mail (ISO 8601 UTC, ending in Z).
             */
            expires_at: string;
            /**
             * Format: date-time
             * @description When it was created (ISO 8601 UTC).
             */
            created_at: string;
        };
        Address: {
            /** @description The full address. */
            email: string;
            /** @description Its domain. */
            domain: string;
            /** @description Its local part. */
            prefix: string;
            /**
             * Format: date-time
             * @description When it was created (ISO 8601 UTC).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When it stops (or stopped) receiving mail.
             */
            expires_at: string;
            /** @description True once `expires_at` has passed; the sweeper purges it `RETENTION_SECONDS` later. */
            expired: boolean;
            /** @description Messages it holds. */
            message_count: number;
        };
        AddressResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
        } & components["schemas"]["Address"];
        AddressList: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description One page */
            addresses: components["schemas"]["Address"][];
            /** @description Total addresses of the account. */
            count: number;
        };
        /** @description Optional body; without it the address is extended by `ADDRESS_TTL`. */
        ExtendAddressRequest: {
            /** @description Seconds from now (capped at created_at + `MAX_ADDRESS_LIFETIME`). */
            expires_in?: number;
        };
        Extended: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /**
             * Format: date-time
             * @description The expiry now in force (ISO 8601 UTC, ending in Z).
             */
            new_expiry: string;
        };
        Deleted: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description What was deleted. */
            message: string;
        };
        Mailbox: {
            /** @description The email address (empty when the header had none). */
            address: string;
            /** @description The display name */
            name: string;
        };
        AttachmentInfo: {
            /** @description Attachment id for the download operation. */
            id: string;
            /** @description The file name the sender gave */
            filename: string | null;
            /** @description The declared MIME type. */
            content_type: string;
            /** @description Size in bytes (decoded). */
            size: number;
        };
        /** @description A message without its bodies, as listed. */
        MessageSummary: {
            /** @description Message id. */
            id: string;
            from: components["schemas"]["Mailbox"];
            /** @description The To header's mailboxes. */
            to: components["schemas"]["Mailbox"][];
            /** @description The Cc header's mailboxes. */
            cc: components["schemas"]["Mailbox"][];
            /** @description Decoded subject (empty when none). */
            subject: string;
            /** @description Bytes of the raw message as received. */
            size: number;
            /**
             * Format: date-time
             * @description When the SMTP server committed it (ISO 8601 UTC).
             */
            received_at: string;
            /** @description Attachments */
            attachments: components["schemas"]["AttachmentInfo"][];
        };
        /** @description A full message. */
        Message: {
            /** @description Message id. */
            id: string;
            from: components["schemas"]["Mailbox"];
            /** @description The To header's mailboxes. */
            to: components["schemas"]["Mailbox"][];
            /** @description The Cc header's mailboxes. */
            cc: components["schemas"]["Mailbox"][];
            /** @description Decoded subject (empty when none). */
            subject: string;
            /** @description The plain-text body (null when the message has none). */
            text: string | null;
            /** @description The HTML body as received (null when none). Untrusted content — render it sandboxed. */
            html: string | null;
            /** @description Bytes of the raw message as received. */
            size: number;
            /**
             * Format: date-time
             * @description When the SMTP server committed it (ISO 8601 UTC).
             */
            received_at: string;
            /** @description Attachments */
            attachments: components["schemas"]["AttachmentInfo"][];
        };
        MessageList: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
            /** @description One page */
            messages: components["schemas"]["MessageSummary"][];
            /** @description Total messages of the address. */
            count: number;
        };
        MessageResponse: {
            /**
             * @description Always true.
             * @constant
             */
            success: true;
        } & components["schemas"]["Message"];
    };
    responses: {
        /** @description The QR code, in the requested format. */
        QrCode: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "data": {
                 *         "value": "https://example.com",
                 *         "type": "url",
                 *         "size": 256,
                 *         "margin": 4,
                 *         "errorCorrectionLevel": "M",
                 *         "dataUrl": "data:image/png;base64,iVBORw0KGgo=",
                 *         "format": "png"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["QrCodeResponse"];
                "image/png": string;
                "image/svg+xml": string;
            };
        };
        /** @description The result of the requested action; the shape of `data` follows `action`. */
        EmailValidator: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "data": {
                 *         "isValid": true,
                 *         "errors": [],
                 *         "warnings": [],
                 *         "details": {
                 *           "localPart": "someone",
                 *           "domain": "example.com",
                 *           "domainParts": [
                 *             "example",
                 *             "com"
                 *           ],
                 *           "tld": "com",
                 *           "length": 20
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["EmailValidatorResponse"];
            };
        };
        /** @description The age and related facts. */
        Age: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "data": {
                 *         "birthDate": "1990-05-15",
                 *         "referenceDate": "2024-05-16",
                 *         "years": 34,
                 *         "months": 0,
                 *         "days": 1,
                 *         "totalDays": 12420,
                 *         "totalWeeks": 1774,
                 *         "totalMonths": 408,
                 *         "nextBirthday": {
                 *           "days": 364,
                 *           "date": "2025-05-15"
                 *         },
                 *         "zodiacSign": "Taurus",
                 *         "dayOfWeek": "Tuesday"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AgeResponse"];
            };
        };
        /**
         * @description The request broke a rule. `validation_error`: a parameter is missing, malformed or out of range (the
         *     message names the parameter and the rule). `invalid_json`: the body is not JSON. `ambiguous_api_key`:
         *     different keys were sent in different places. `qr_capacity_exceeded` / `qr_size_too_small`: see the QR
         *     operation.
         */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "validation_error",
                 *       "message": "size must be <= 2000 (query parameter size)"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `missing_api_key`: no key was sent. `invalid_api_key`: the key is unknown, malformed or revoked. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "missing_api_key",
                 *       "message": "This endpoint needs a Tools API key in the x-api-key header."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `wrong_key_kind`: the key is valid but of the other kind (the message names the kind needed). `plan_required`: the account's plan does not include this. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "wrong_key_kind",
                 *       "message": "This endpoint needs a Tools API key (eph_tools_…); a Developer key was sent."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `not_found`: no such route. Resource operations use a more specific code. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "not_found",
                 *       "message": "Route GET /api/nope does not exist."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `address_not_found`, `message_not_found`, `attachment_not_found`: no such resource for your account (another account's resources answer the same, so their existence does not leak). */
        ResourceNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "address_not_found",
                 *       "message": "No address signup-test@ephemail.local in your account."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `address_exists`: the address is taken. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "address_exists",
                 *       "message": "signup-test@ephemail.local already exists; choose another prefix."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `domain_not_allowed`: the domain is not one this platform serves. */
        UnprocessableEntity: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "domain_not_allowed",
                 *       "message": "example.com is not served here; use one of: ephemail.local."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `payload_too_large`: the body is larger than the limit (1 MiB by default, `BODY_LIMIT`). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "payload_too_large",
                 *       "message": "The request body is larger than 1048576 bytes."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `unsupported_media_type`: the body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "unsupported_media_type",
                 *       "message": "Send the body as application/json (got text/plain)."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `rate_limited`: the key used up its requests for this window. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "rate_limited",
                 *       "message": "Rate limit of 120 requests per 60 s exceeded; retry in 12 s."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `internal_error`: something failed on our side. The message never carries internals; the log has them, under the same request id. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "internal_error",
                 *       "message": "Something went wrong on our side (request req-1a)."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `service_unavailable`: a dependency (the database) does not answer. */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "service_unavailable",
                 *       "message": "The database does not answer."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
         * @example signup-test@ephemail.local
         */
        AddressPath: string;
        /**
         * @description A message id (`msg_…`) from the message list.
         * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
         */
        MessageIdPath: string;
        /**
         * @description An attachment id (`att_…`) from the message.
         * @example att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
         */
        AttachmentIdPath: string;
        /** @description Page size. */
        Limit: number;
        /** @description Items to skip. */
        Offset: number;
        /** @description What the QR code carries; the field of the same name (`wifiSSID` for wifi) is required. */
        QrType: components["schemas"]["QrType"];
        /**
         * @description Text to encode when `type=text`.
         * @example Hello from Ephemail
         */
        QrText: string;
        /**
         * @description URL to encode, as given, when `type=url`.
         * @example https://example.com/welcome
         */
        QrUrl: string;
        /**
         * @description Address encoded as `mailto:<email>` when `type=email`.
         * @example hello@example.com
         */
        QrEmail: string;
        /**
         * @description Phone number encoded as `tel:<phone>` (spaces, dots, dashes and parentheses removed) when `type=phone`.
         * @example +44 20 7946 0958
         */
        QrPhone: string;
        /**
         * @description Network name when `type=wifi`.
         * @example Cafe Guest
         */
        QrWifiSsid: string;
        /** @description Network password; leave out for an open network (`T:nopass`). */
        QrWifiPassword: string;
        /** @description Wi-Fi security; defaults to WPA with a password and nopass without one. */
        QrWifiEncryption: components["schemas"]["WifiEncryption"];
        /** @description Whether the network is hidden (adds `H:true`). */
        QrWifiHidden: boolean;
        /** @description Width and height of the image in pixels. */
        QrSize: number;
        /** @description Quiet zone around the symbol, in modules. */
        QrMargin: number;
        /** @description Error correction: L ≈ 7 %, M ≈ 15 %, Q ≈ 25 %, H ≈ 30 % of the symbol may be damaged. */
        QrErrorCorrectionLevel: components["schemas"]["ErrorCorrectionLevel"];
        /** @description `json` answers the envelope with a PNG data URL; `png` and `svg` answer the image itself. */
        QrFormat: components["schemas"]["QrFormat"];
        /** @description What to do; `validate` and `verify` need `email`, `extract` needs `text`. */
        EmailAction: components["schemas"]["EmailAction"];
        /**
         * @description The address to validate or verify.
         * @example someone@example.com
         */
        EmailValue: string;
        /** @description Text to extract addresses from (use POST for long text). */
        EmailText: string;
        /**
         * @description Date of birth, `YYYY-MM-DD`.
         * @example 1990-05-15
         */
        BirthDate: components["schemas"]["CalendarDate"];
        /**
         * @description The date to compute the age at, `YYYY-MM-DD`; today in UTC when left out.
         * @example 2024-05-16
         */
        ReferenceDate: components["schemas"]["CalendarDate"];
    };
    requestBodies: never;
    headers: {
        /** @description Requests allowed per window for this key and route group. */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "X-RateLimit-Remaining": number;
        /** @description Unix time (seconds) at which the current window ends. */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service and its store are working. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "database": "sqlite",
                     *       "version": "0.1.0"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOpenApiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    getOpenApiYaml: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    generateQrCode: {
        parameters: {
            query?: {
                /** @description What the QR code carries; the field of the same name (`wifiSSID` for wifi) is required. */
                type?: components["parameters"]["QrType"];
                /**
                 * @description Text to encode when `type=text`.
                 * @example Hello from Ephemail
                 */
                text?: components["parameters"]["QrText"];
                /**
                 * @description URL to encode, as given, when `type=url`.
                 * @example https://example.com/welcome
                 */
                url?: components["parameters"]["QrUrl"];
                /**
                 * @description Address encoded as `mailto:<email>` when `type=email`.
                 * @example hello@example.com
                 */
                email?: components["parameters"]["QrEmail"];
                /**
                 * @description Phone number encoded as `tel:<phone>` (spaces, dots, dashes and parentheses removed) when `type=phone`.
                 * @example +44 20 7946 0958
                 */
                phone?: components["parameters"]["QrPhone"];
                /**
                 * @description Network name when `type=wifi`.
                 * @example Cafe Guest
                 */
                wifiSSID?: components["parameters"]["QrWifiSsid"];
                /** @description Network password; leave out for an open network (`T:nopass`). */
                wifiPassword?: components["parameters"]["QrWifiPassword"];
                /** @description Wi-Fi security; defaults to WPA with a password and nopass without one. */
                wifiEncryption?: components["parameters"]["QrWifiEncryption"];
                /** @description Whether the network is hidden (adds `H:true`). */
                wifiHidden?: components["parameters"]["QrWifiHidden"];
                /** @description Width and height of the image in pixels. */
                size?: components["parameters"]["QrSize"];
                /** @description Quiet zone around the symbol, in modules. */
                margin?: components["parameters"]["QrMargin"];
                /** @description Error correction: L ≈ 7 %, M ≈ 15 %, Q ≈ 25 %, H ≈ 30 % of the symbol may be damaged. */
                errorCorrectionLevel?: components["parameters"]["QrErrorCorrectionLevel"];
                /** @description `json` answers the envelope with a PNG data URL; `png` and `svg` answer the image itself. */
                format?: components["parameters"]["QrFormat"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["QrCode"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    generateQrCodeFromJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "wifi",
                 *       "wifiSSID": "Cafe; Guest",
                 *       "wifiPassword": "s3cret",
                 *       "size": 300,
                 *       "format": "png"
                 *     }
                 */
                "application/json": components["schemas"]["QrCodeRequest"];
            };
        };
        responses: {
            200: components["responses"]["QrCode"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    validateEmail: {
        parameters: {
            query?: {
                /** @description What to do; `validate` and `verify` need `email`, `extract` needs `text`. */
                action?: components["parameters"]["EmailAction"];
                /**
                 * @description The address to validate or verify.
                 * @example someone@example.com
                 */
                email?: components["parameters"]["EmailValue"];
                /** @description Text to extract addresses from (use POST for long text). */
                text?: components["parameters"]["EmailText"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["EmailValidator"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    validateEmailFromJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "extract",
                 *       "text": "Write to Ann <ann@example.com> or bob@example.org."
                 *     }
                 */
                "application/json": components["schemas"]["EmailValidatorRequest"];
            };
        };
        responses: {
            200: components["responses"]["EmailValidator"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    calculateAge: {
        parameters: {
            query: {
                /**
                 * @description Date of birth, `YYYY-MM-DD`.
                 * @example 1990-05-15
                 */
                birthDate: components["parameters"]["BirthDate"];
                /**
                 * @description The date to compute the age at, `YYYY-MM-DD`; today in UTC when left out.
                 * @example 2024-05-16
                 */
                referenceDate?: components["parameters"]["ReferenceDate"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Age"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    calculateAgeFromJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "birthDate": "1990-05-15",
                 *       "referenceDate": "2024-05-16"
                 *     }
                 */
                "application/json": components["schemas"]["AgeRequest"];
            };
        };
        responses: {
            200: components["responses"]["Age"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listAddresses: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of addresses. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "addresses": [
                     *         {
                     *           "email": "quiet-otter-4821@ephemail.local",
                     *           "domain": "ephemail.local",
                     *           "prefix": "quiet-otter-4821",
                     *           "created_at": "2026-11-21T10:00:00.000Z",
                     *           "expires_at": "2026-11-21T11:00:00.000Z",
                     *           "expired": false,
                     *           "message_count": 2
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["AddressList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "prefix": "signup-test",
                 *       "expires_in": 600
                 *     }
                 */
                "application/json": components["schemas"]["CreateAddressRequest"];
            };
        };
        responses: {
            /** @description The address was created. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "email": "signup-test@ephemail.local",
                     *       "domain": "ephemail.local",
                     *       "prefix": "signup-test",
                     *       "expires_at": "2026-11-21T10:10:00.000Z",
                     *       "created_at": "2026-11-21T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedAddress"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The address. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "email": "signup-test@ephemail.local",
                     *       "domain": "ephemail.local",
                     *       "prefix": "signup-test",
                     *       "created_at": "2026-11-21T10:00:00.000Z",
                     *       "expires_at": "2026-11-21T10:10:00.000Z",
                     *       "expired": false,
                     *       "message_count": 0
                     *     }
                     */
                    "application/json": components["schemas"]["AddressResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Address signup-test@ephemail.local and its 2 messages were deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    extendAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "expires_in": 3600
                 *     }
                 */
                "application/json": components["schemas"]["ExtendAddressRequest"];
            };
        };
        responses: {
            /** @description The new expiry. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "new_expiry": "2026-11-21T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Extended"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    listMessages: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Items to skip. */
                offset?: components["parameters"]["Offset"];
            };
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of message summaries. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "messages": [
                     *         {
                     *           "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *           "from": {
                     *             "address": "shop@example.com",
                     *             "name": "Example Shop"
                     *           },
                     *           "to": [
                     *             {
                     *               "address": "signup-test@ephemail.local",
                     *               "name": ""
                     *             }
                     *           ],
                     *           "cc": [],
                     *           "subject": "Confirm your email",
                     *           "size": 2048,
                     *           "received_at": "2026-11-21T10:01:00.000Z",
                     *           "attachments": []
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    "application/json": components["schemas"]["MessageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "id": "msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19",
                     *       "from": {
                     *         "address": "shop@example.com",
                     *         "name": "Example Shop"
                     *       },
                     *       "to": [
                     *         {
                     *           "address": "signup-test@ephemail.local",
                     *           "name": ""
                     *         }
                     *       ],
                     *       "cc": [],
                     *       "subject": "Confirm your email",
                     *       "text": "Your code is 123456.\n",
                     *       "html": "<p>Your code is <b>123456</b>.</p>",
                     *       "size": 2048,
                     *       "received_at": "2026-11-21T10:01:00.000Z",
                     *       "attachments": [
                     *         {
                     *           "id": "att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d",
                     *           "filename": "invoice.pdf",
                     *           "content_type": "application/pdf",
                     *           "size": 10240
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MessageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": "Message msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19 was deleted."
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getMessageRaw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The raw source. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "message/rfc822": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The full address, e.g. `signup-test@ephemail.local` (`@` may be sent as `%40`); matched case-insensitively.
                 * @example signup-test@ephemail.local
                 */
                address: components["parameters"]["AddressPath"];
                /**
                 * @description A message id (`msg_…`) from the message list.
                 * @example msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19
                 */
                id: components["parameters"]["MessageIdPath"];
                /**
                 * @description An attachment id (`att_…`) from the message.
                 * @example att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d
                 */
                attachment_id: components["parameters"]["AttachmentIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment bytes. */
            200: {
                headers: {
                    /** @description Always `attachment` with a safe file name. */
                    "Content-Disposition"?: string;
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
}
