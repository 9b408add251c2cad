"""The judge's mail settings: its address, and how to reach the SMTP server (if any).

Read from the environment and, optionally, a TOML file named by PBEM_MAIL_SETTINGS; a
variable set in the environment wins over the same setting in the file. With no SMTP host
the judge writes every outgoing mail to a Maildir, `<data folder>/outbox/`, that a person
can read with any mail program (mutt -f data/outbox).

    variable                  file key        default
    PBEM_MAIL_FROM            from            judge@localhost
    PBEM_MAIL_NAME            name            Galley judge
    PBEM_SMTP_HOST            smtp_host       (none: write to the outbox Maildir)
    PBEM_SMTP_PORT            smtp_port       587 for starttls, 465 for ssl, 25 for none
    PBEM_SMTP_SECURITY        security        starttls  (starttls | ssl | none)
    PBEM_SMTP_USER            username        (no login)
    PBEM_SMTP_PASSWORD        password
    PBEM_SMTP_PASSWORD_FILE   password_file   (the password is its first line)
    PBEM_SMTP_CA_FILE         ca_file         (the system's certificate authorities)
    PBEM_SMTP_TIMEOUT         timeout         30 (seconds, for each exchange with the server)
    PBEM_SMTP_DATA_TIMEOUT    data_timeout    600 (seconds to wait for the answer to the end
                                              of a message's data: RFC 5321's 10 minutes)
    PBEM_MAIL_RETENTION_DAYS  retention_days  30 (handled and sent mail is kept whole this
                                              long, then only its headers, digest and size)
    PBEM_HORIZON_DAYS         horizon_days    365 (no deadline, extension or vacation may
                                              reach further ahead than this)
    PBEM_LMTP_RECIPIENTS      lmtp_recipients (the judge's address: the recipients LMTP
                                              takes, separated by commas)

An empty variable counts as unset. A bad value is a ValueError whose sentence names the
setting, where it came from and what is accepted.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pbem.mail.address import writable

SECURITY = ("starttls", "ssl", "none")
DEFAULT_PORTS = {"starttls": 587, "ssl": 465, "none": 25}
DEFAULT_FROM = "judge@localhost"
DEFAULT_NAME = "Galley judge"
DEFAULT_TIMEOUT = 30.0
DEFAULT_DATA_TIMEOUT = 600.0  # RFC 5321 4.5.3.2.6: the wait for the answer to end of data
DEFAULT_RETENTION_DAYS = 30
DEFAULT_HORIZON_DAYS = 365
SETTINGS_FILE_VARIABLE = "PBEM_MAIL_SETTINGS"

# file key -> environment variable
VARIABLES = {
    "from": "PBEM_MAIL_FROM",
    "name": "PBEM_MAIL_NAME",
    "smtp_host": "PBEM_SMTP_HOST",
    "smtp_port": "PBEM_SMTP_PORT",
    "security": "PBEM_SMTP_SECURITY",
    "username": "PBEM_SMTP_USER",
    "password": "PBEM_SMTP_PASSWORD",
    "password_file": "PBEM_SMTP_PASSWORD_FILE",
    "ca_file": "PBEM_SMTP_CA_FILE",
    "timeout": "PBEM_SMTP_TIMEOUT",
    "data_timeout": "PBEM_SMTP_DATA_TIMEOUT",
    "retention_days": "PBEM_MAIL_RETENTION_DAYS",
    "horizon_days": "PBEM_HORIZON_DAYS",
    "lmtp_recipients": "PBEM_LMTP_RECIPIENTS",
}
SMTP_ONLY = ("smtp_port", "security", "username", "password", "password_file", "ca_file")

# a bare address: no display name, brackets, spaces or list separators (they would let a
# setting smuggle a second recipient or header into every mail)
_ADDRESS = re.compile(r"[^@\s<>(),;:\"\\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")
_HOST = re.compile(r"[A-Za-z0-9._:-]+")


@dataclass(frozen=True, kw_only=True)
class MailSettings:
    judge_address: str
    outbox_dir: Path  # the Maildir written when there is no SMTP host
    judge_name: str = DEFAULT_NAME
    smtp_host: str | None = None
    smtp_port: int = DEFAULT_PORTS["none"]
    security: str = "none"  # starttls | ssl | none
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    ca_file: Path | None = None
    timeout: float = DEFAULT_TIMEOUT
    data_timeout: float = DEFAULT_DATA_TIMEOUT
    retention_days: int = DEFAULT_RETENTION_DAYS  # handled mail kept whole this many days
    horizon_days: int = DEFAULT_HORIZON_DAYS  # deadlines at most this many days ahead
    lmtp_recipients: tuple[str, ...] = ()  # the addresses LMTP takes; () = judge_address

    @property
    def accepted_recipients(self) -> tuple[str, ...]:
        """The addresses the LMTP listener takes mail for (lower-cased)."""
        return tuple(a.lower() for a in (self.lmtp_recipients or (self.judge_address,)))

    @property
    def domain(self) -> str:
        """The right-hand side of the judge's address: the domain of its Message-IDs."""
        return self.judge_address.rpartition("@")[2]


@dataclass(frozen=True)
class _Value:
    value: object
    where: str  # "PBEM_SMTP_PORT" or "smtp_port in /etc/pbem/mail.toml"


def mail_settings(environ: Mapping[str, str], data_dir: Path) -> MailSettings:
    """The settings from `environ` (and the file it names), the outbox in `data_dir`."""
    values = _from_file(environ)
    from_environment = {key: _Value(environ[variable], variable)
                        for key, variable in VARIABLES.items() if environ.get(variable)}
    if {"password", "password_file"} & from_environment.keys():
        values.pop("password", None)  # a password in the environment replaces the file's
        values.pop("password_file", None)
    values.update(from_environment)

    judge_address = _address(values.get("from"))
    judge_name = _name(values.get("name"))
    timeout = _timeout(values.get("timeout"))
    common = {"data_timeout": _seconds(values.get("data_timeout"), DEFAULT_DATA_TIMEOUT, 7200),
              "retention_days": _days(values.get("retention_days"), DEFAULT_RETENTION_DAYS),
              "horizon_days": _days(values.get("horizon_days"), DEFAULT_HORIZON_DAYS),
              "lmtp_recipients": _addresses(values.get("lmtp_recipients"))}
    outbox = data_dir / "outbox"
    host_value = values.get("smtp_host")
    if host_value is None:
        stray = [values[key].where for key in SMTP_ONLY if key in values]
        if stray:
            raise ValueError(
                f"{', '.join(stray)} {'is' if len(stray) == 1 else 'are'} set but "
                f"{VARIABLES['smtp_host']} is not: set the SMTP host, or unset "
                f"{'it' if len(stray) == 1 else 'them'} to have mail written to the Maildir "
                f"{outbox}")
        return MailSettings(judge_address=judge_address, judge_name=judge_name,
                            outbox_dir=outbox, timeout=timeout, **common)
    host = _string(host_value)
    if not _HOST.fullmatch(host):
        raise ValueError(f"{host_value.where} must be a host name or an IP address, like "
                         f"smtp.example.org; got {host!r}")
    security = _security(values.get("security"))
    username = _string(values["username"]) if "username" in values else None
    password = _password(values)
    if (username is None) != (password is None):
        given = values["username" if username is not None else "password"].where
        missing = "password (PBEM_SMTP_PASSWORD or PBEM_SMTP_PASSWORD_FILE)" \
            if username is not None else "user name (PBEM_SMTP_USER)"
        raise ValueError(f"{given} is set but there is no {missing}; the judge logs in to "
                         f"the SMTP server with both, or with neither")
    return MailSettings(
        judge_address=judge_address, judge_name=judge_name, outbox_dir=outbox,
        smtp_host=host, smtp_port=_port(values.get("smtp_port"), security), security=security,
        username=username, password=password, ca_file=_ca_file(values.get("ca_file")),
        timeout=timeout, **common)


def _from_file(environ: Mapping[str, str]) -> dict[str, _Value]:
    name = environ.get(SETTINGS_FILE_VARIABLE)
    if not name:
        return {}
    path = Path(name)
    try:
        content = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValueError(f"the mail settings file {path} named by {SETTINGS_FILE_VARIABLE} "
                         f"cannot be read ({exc.strerror}); correct the path or unset "
                         f"{SETTINGS_FILE_VARIABLE}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"the mail settings file {path} is not valid TOML ({exc}); write "
                         f"it as lines like smtp_host = \"smtp.example.org\"") from exc
    unknown = sorted(set(content) - set(VARIABLES))
    if unknown:
        raise ValueError(f"the mail settings file {path} has unknown settings "
                         f"{', '.join(unknown)}; the settings are {', '.join(VARIABLES)}")
    return {key: _Value(value, f"{key} in {path}") for key, value in content.items()
            if value != ""}


def _string(setting: _Value, strip: bool = True) -> str:
    if not isinstance(setting.value, str):
        raise ValueError(f"{setting.where} must be text in quotes; got {setting.value!r}")
    if any(character in setting.value for character in "\r\n\0"):
        raise ValueError(f"{setting.where} must be one line of text")
    return setting.value.strip() if strip else setting.value


def _address(setting: _Value | None) -> str:
    if setting is None:
        return DEFAULT_FROM
    address = _string(setting)
    if not _ADDRESS.fullmatch(address) or ".." in address or address.startswith("."):
        raise ValueError(f"{setting.where} must be the judge's bare mail address, like "
                         f"judge@example.org (no name, no angle brackets); got {address!r}")
    return address


def _name(setting: _Value | None) -> str:
    return DEFAULT_NAME if setting is None else _string(setting) or DEFAULT_NAME


def _security(setting: _Value | None) -> str:
    if setting is None:
        return "starttls"
    security = _string(setting).lower()
    if security not in SECURITY:
        raise ValueError(f"{setting.where} must be one of {', '.join(SECURITY)} (starttls: "
                         f"port 587, ssl: port 465, none: no encryption); got {security!r}")
    return security


def _port(setting: _Value | None, security: str) -> int:
    if setting is None:
        return DEFAULT_PORTS[security]
    value = setting.value
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 65535:
        raise ValueError(f"{setting.where} must be a port number from 1 to 65535 (usually "
                         f"587, 465 or 25); got {setting.value!r}")
    return value


def _timeout(setting: _Value | None) -> float:
    return _seconds(setting, DEFAULT_TIMEOUT, 3600)


def _days(setting: _Value | None, default: int) -> int:
    if setting is None:
        return default
    value = setting.value
    try:
        days = int(value) if isinstance(value, (str, int)) and not isinstance(value, bool) \
            and len(str(value)) <= 6 else -1
    except ValueError:
        days = -1
    if not 1 <= days <= 36500:
        raise ValueError(f"{setting.where} must be a whole number of days from 1 to 36500; "
                         f"got {value!r}")
    return days


def _addresses(setting: _Value | None) -> tuple[str, ...]:
    if setting is None:
        return ()
    value = setting.value
    items = value if isinstance(value, list) else str(value).split(",")
    found = []
    for item in items:
        text = str(item).strip()
        if not text:
            continue
        if not writable(text):
            raise ValueError(f"{setting.where} must list bare addresses separated by commas, "
                             f"like judge@example.org,orders@example.org; got {text!r}")
        found.append(text.lower())
    return tuple(found)


def _seconds(setting: _Value | None, default: float, most: int) -> float:
    if setting is None:
        return default
    value = setting.value
    try:
        seconds = float(value) if isinstance(value, (str, int, float)) \
            and not isinstance(value, bool) else -1.0
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= most:
        raise ValueError(f"{setting.where} must be a number of seconds above 0 and at most "
                         f"{most}; got {value!r}")
    return seconds


def _password(values: Mapping[str, _Value]) -> str | None:
    if "password" in values and "password_file" in values:
        raise ValueError(f"both {values['password'].where} and {values['password_file'].where} "
                         f"are set; give the password one way only")
    if "password" in values:
        return _string(values["password"], strip=False)  # spaces may be part of it
    if "password_file" not in values:
        return None
    setting = values["password_file"]
    return read_password_file(Path(_string(setting)), setting.where, "SMTP")


def read_password_file(path: Path, where: str, what: str) -> str:
    """The first line of a password file (SMTP, IMAP), or a sentence saying what is wrong."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "it is not UTF-8 text"
        raise ValueError(f"the password file {path} ({where}) cannot be read "
                         f"({reason}); give the judge's user read access to it") from exc
    if not lines or not lines[0]:
        raise ValueError(f"the password file {path} ({where}) is empty; its first "
                         f"line must be the {what} password")
    return lines[0]


def _ca_file(setting: _Value | None) -> Path | None:
    if setting is None:
        return None
    path = Path(_string(setting))
    if not path.is_file():
        raise ValueError(f"{setting.where} must name a file of PEM certificates; there is no "
                         f"file {path}")
    return path
