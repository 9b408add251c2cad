"""The mail settings: environment over file, defaults, and a sentence for each bad value."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.mail.settings import MailSettings, mail_settings
from pbem.mail.transport import MaildirTransport, SmtpTransport, transport_for

DATA = Path("/srv/judge/data")


def test_with_nothing_set_mail_goes_to_the_outbox_maildir_in_the_data_folder() -> None:
    settings = mail_settings({}, DATA)
    assert settings == MailSettings(judge_address="judge@localhost", judge_name="Galley judge",
                                    outbox_dir=DATA / "outbox", timeout=30.0)
    assert settings.smtp_host is None
    transport = transport_for(settings)
    assert isinstance(transport, MaildirTransport) and transport.folder == DATA / "outbox"


def test_an_empty_variable_counts_as_unset() -> None:
    settings = mail_settings({"PBEM_SMTP_HOST": "", "PBEM_MAIL_FROM": ""}, DATA)
    assert (settings.smtp_host, settings.judge_address) == (None, "judge@localhost")


@pytest.mark.parametrize(("security", "port"), [
    (None, 587), ("starttls", 587), ("SSL", 465), ("none", 25)])
def test_the_port_follows_the_security_unless_given(security: str | None, port: int) -> None:
    environ = {"PBEM_SMTP_HOST": "smtp.example.org", "PBEM_MAIL_FROM": "judge@example.org"}
    if security:
        environ["PBEM_SMTP_SECURITY"] = security
    settings = mail_settings(environ, DATA)
    assert (settings.security, settings.smtp_port) == ((security or "starttls").lower(), port)
    assert settings.domain == "example.org"
    assert isinstance(transport_for(settings), SmtpTransport)
    assert mail_settings({**environ, "PBEM_SMTP_PORT": "2525"}, DATA).smtp_port == 2525


def test_the_environment_wins_over_the_settings_file(tmp_path: Path) -> None:
    (tmp_path / "secret").write_text("s3cret pass\nignored line\n")
    file = tmp_path / "mail.toml"
    file.write_text(f'from = "judge@club.example"\nname = "The Judge"\n'
                    f'smtp_host = "mail.club.example"\nsmtp_port = 2525\nsecurity = "ssl"\n'
                    f'username = "judge"\npassword_file = "{tmp_path / "secret"}"\n'
                    f'timeout = 12.5\n')
    settings = mail_settings({"PBEM_MAIL_SETTINGS": str(file)}, DATA)
    assert (settings.judge_address, settings.judge_name, settings.smtp_host, settings.smtp_port,
            settings.security, settings.username, settings.password, settings.timeout) == (
        "judge@club.example", "The Judge", "mail.club.example", 2525, "ssl", "judge",
        "s3cret pass", 12.5)
    overridden = mail_settings({"PBEM_MAIL_SETTINGS": str(file), "PBEM_SMTP_PORT": "465",
                                "PBEM_SMTP_PASSWORD": "from-env"}, DATA)
    # the environment's password replaces the file's password file, not clashes with it
    assert (overridden.smtp_port, overridden.password, overridden.judge_name) == (
        465, "from-env", "The Judge")


def test_the_password_never_shows_in_the_settings_repr() -> None:
    settings = mail_settings({"PBEM_SMTP_HOST": "h.example", "PBEM_SMTP_USER": "u",
                              "PBEM_SMTP_PASSWORD": "hunter2"}, DATA)
    assert settings.password == "hunter2"
    assert "hunter2" not in repr(settings)


@pytest.mark.parametrize(("environ", "message"), [
    ({"PBEM_SMTP_HOST": "h.example", "PBEM_SMTP_PORT": "smtp"},
     "PBEM_SMTP_PORT must be a port number from 1 to 65535"),
    ({"PBEM_SMTP_HOST": "h.example", "PBEM_SMTP_PORT": "70000"},
     "PBEM_SMTP_PORT must be a port number"),
    ({"PBEM_SMTP_HOST": "h.example", "PBEM_SMTP_SECURITY": "tls"},
     "PBEM_SMTP_SECURITY must be one of starttls, ssl, none"),
    ({"PBEM_MAIL_FROM": "Judge <judge@example.org>"},
     "PBEM_MAIL_FROM must be the judge's bare mail address"),
    ({"PBEM_MAIL_FROM": "judge@example.org, victim@example.org"}, "PBEM_MAIL_FROM must be"),
    ({"PBEM_SMTP_TIMEOUT": "0"}, "PBEM_SMTP_TIMEOUT must be a number of seconds above 0"),
    ({"PBEM_SMTP_TIMEOUT": "soon"}, "PBEM_SMTP_TIMEOUT must be a number"),
    ({"PBEM_SMTP_HOST": "h.example", "PBEM_SMTP_USER": "judge"},
     r"PBEM_SMTP_USER is set but there is no password \(PBEM_SMTP_PASSWORD or "),
    ({"PBEM_SMTP_HOST": "h.example", "PBEM_SMTP_PASSWORD": "x"},
     "PBEM_SMTP_PASSWORD is set but there is no user name"),
    ({"PBEM_SMTP_USER": "judge", "PBEM_SMTP_PASSWORD": "x"},
     "PBEM_SMTP_USER, PBEM_SMTP_PASSWORD are set but PBEM_SMTP_HOST is not"),
    ({"PBEM_SMTP_HOST": "h.example", "PBEM_SMTP_USER": "u", "PBEM_SMTP_PASSWORD": "x",
      "PBEM_SMTP_PASSWORD_FILE": "/nowhere"}, "give the password one way only"),
    ({"PBEM_SMTP_HOST": "h.example", "PBEM_SMTP_USER": "u",
      "PBEM_SMTP_PASSWORD_FILE": "/nowhere/secret"},
     "the password file /nowhere/secret .* cannot be read"),
    ({"PBEM_SMTP_HOST": "bad host"}, "PBEM_SMTP_HOST must be a host name"),
    ({"PBEM_SMTP_HOST": "h.example", "PBEM_SMTP_CA_FILE": "/nowhere/ca.pem"},
     "PBEM_SMTP_CA_FILE must name a file of PEM certificates"),
    ({"PBEM_MAIL_SETTINGS": "/nowhere/mail.toml"},
     "the mail settings file /nowhere/mail.toml named by PBEM_MAIL_SETTINGS cannot be read"),
])
def test_a_bad_setting_is_a_sentence_naming_it(environ: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        mail_settings(environ, DATA)


def test_a_bad_settings_file_names_the_file_and_the_setting(tmp_path: Path) -> None:
    file = tmp_path / "mail.toml"
    file.write_text('smtp_host = "h.example"\nsmtp_prot = 25\n')
    with pytest.raises(ValueError, match=f"the mail settings file {file} has unknown settings "
                                         f"smtp_prot; the settings are from, name"):
        mail_settings({"PBEM_MAIL_SETTINGS": str(file)}, DATA)
    file.write_text('smtp_host = "h.example"\nsmtp_port = "many"\n')
    with pytest.raises(ValueError, match=f"smtp_port in {file} must be a port number"):
        mail_settings({"PBEM_MAIL_SETTINGS": str(file)}, DATA)
    file.write_text("smtp_host = h.example\n")
    with pytest.raises(ValueError, match=f"the mail settings file {file} is not valid TOML"):
        mail_settings({"PBEM_MAIL_SETTINGS": str(file)}, DATA)
