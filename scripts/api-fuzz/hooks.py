"""Schemathesis hooks for the platform's API references (scripts/test-api-fuzz.mjs loads them).

Text rule. Every API refuses a NUL or another C0 control character (tab, line feed and carriage return excepted) in
any string of a request, field names included; the references state it in their description and as a pattern on every
declared string. A JSON Schema cannot say the same of fields a request may add beyond the declared ones without a
recursive definition, so schema-valid cases that carry such characters in extra fields are skipped here. Negative
cases keep them: the platform must refuse them.

Vendor players (when API_FUZZ_PLAYER is set). Most generated vendor calls name a real member (API_FUZZ_PLAYER, in
API_FUZZ_CURRENCY), so bets, wins and rollbacks reach the ledger rather than stopping at an unknown player. Only a field
that already holds a well-formed value is replaced, so a case built to be invalid stays invalid.

Vendor signing (when API_FUZZ_VENDOR_SECRET is set). The vendor API's security is three headers (docs/vendor-api.md):
X-Vendor-Code, X-Timestamp and X-Signature, the hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the vendor's
secret. The auth provider marks a case as carrying the vendor's credentials; just before the call the body is
serialised once, signed, and sent as those exact bytes. Cases from which Schemathesis removed or replaced the
credentials (its ignored-auth probes) go out unsigned, and the platform must refuse them.
"""

import hashlib
import hmac
import json
import os
import random
import time

import schemathesis
from schemathesis import GenerationMode


def refused_character(text):
    return any(ord(char) < 0x20 and char not in "\t\n\r" for char in text)


def holds_refused_character(value):
    pending = [value]
    while pending:
        current = pending.pop()
        if isinstance(current, str):
            if refused_character(current):
                return True
        elif isinstance(current, dict):
            for key, item in current.items():
                if isinstance(key, str) and refused_character(key):
                    return True
                pending.append(item)
        elif isinstance(current, (list, tuple)):
            pending.extend(current)
    return False


@schemathesis.hook
def filter_case(ctx, case):
    meta = case.meta
    if meta is None or meta.generation.mode != GenerationMode.POSITIVE:
        return True
    return not any(holds_refused_character(part) for part in (case.body, case.query, case.path_parameters))


VENDOR_SECRET = os.environ.get("API_FUZZ_VENDOR_SECRET", "").encode()
VENDOR_PLAYER = os.environ.get("API_FUZZ_PLAYER", "")
VENDOR_CURRENCY = os.environ.get("API_FUZZ_CURRENCY", "")
VENDOR_CODE = os.environ.get("API_FUZZ_VENDOR_CODE", "")
UNSIGNED = "to-be-signed"

if VENDOR_SECRET:

    @schemathesis.auth()
    class VendorCredentials:
        def get(self, case, ctx):
            return VENDOR_CODE

        def set(self, case, data, ctx):
            case.headers = case.headers or {}
            case.headers["x-vendor-code"] = data
            case.headers["x-timestamp"] = UNSIGNED
            case.headers["x-signature"] = UNSIGNED


def raw_body(case):
    """The bytes the transport would send for this case, or None when there is no JSON body to sign."""
    serialised = case.as_transport_kwargs()
    if "json" in serialised:
        try:
            return json.dumps(serialised["json"], allow_nan=False).encode()
        except (TypeError, ValueError):
            return None
    data = serialised.get("data")
    if isinstance(data, bytes):
        return data
    if isinstance(data, str):
        return data.encode()
    return b"" if data is None else None


@schemathesis.hook
def before_call(ctx, case, kwargs):
    headers = case.headers or {}
    if not VENDOR_SECRET or headers.get("x-vendor-code") != VENDOR_CODE or headers.get("x-signature") != UNSIGNED:
        return
    body = raw_body(case)
    if body is None:
        return
    timestamp = str(int(time.time() * 1000))
    headers["x-timestamp"] = timestamp
    headers["x-signature"] = hmac.new(VENDOR_SECRET, timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    kwargs["data"] = body


@schemathesis.check
def declared_input_passes_validation(ctx, response, case):
    """A schema-valid request may be refused by a business rule (400 in the spec's words, schemathesis.toml allows it),
    never by the request validation itself: that would mean the reference and the server disagree on the shape."""
    meta = case.meta
    if meta is None or meta.generation.mode != GenerationMode.POSITIVE or response.status_code != 400:
        return None
    try:
        answer = json.loads(response.content)
    except ValueError:
        return None
    if isinstance(answer, dict) and answer.get("code") == "VALIDATION_FAILED":
        raise AssertionError(f"A schema-valid request failed validation at `{answer.get('field')}`")
    return None


def declared_currencies(operation):
    """The currency codes the operation's JSON body declares (its `currency` enum)."""
    try:
        schema = operation.definition.raw["requestBody"]["content"]["application/json"]["schema"]
        return set(schema["properties"]["currency"]["enum"])
    except (KeyError, TypeError):
        return set()


@schemathesis.hook
def map_body(ctx, body):
    if not VENDOR_PLAYER or not isinstance(body, dict) or not ctx.operation.path.startswith("/api/vendor/"):
        return body
    if random.random() < 0.2:
        return body
    player = body.get("player")
    if isinstance(player, str) and 1 <= len(player) <= 64 and not refused_character(player):
        body["player"] = VENDOR_PLAYER
    currency = body.get("currency")
    if isinstance(currency, str) and currency in declared_currencies(ctx.operation):
        body["currency"] = VENDOR_CURRENCY
    return body
