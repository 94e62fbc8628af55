"""A setting the host got wrong stops the start with a message naming it, not a traceback."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.settings import SettingsError, env_name, load_settings


@pytest.mark.parametrize("variable, value, said", [
    ("PORTOLAN_ABANDON_DAYS", "abc", "valid number"),
    ("PORTOLAN_BOT_THINK_SECONDS", "-1", "greater than 0"),
    ("PORTOLAN_DEADLINE_POLICY", "kick", "'wait', 'bot' or 'remove'"),
    ("PORTOLAN_SHARDS", "9/2", "0 <= FIRST <= LAST < COUNT"),
    ("DEV_GUILD_ID", "my server", "valid integer"),
])
def test_a_bad_setting_names_its_variable_and_what_it_should_hold(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: object, variable: str, value: str, said: str) -> None:
    monkeypatch.chdir(tmp_path)  # no .env of the developer's
    monkeypatch.setenv(variable, value)
    with pytest.raises(SettingsError) as caught:
        load_settings()
    assert f"{variable} (it is {value!r}): " in str(caught.value)
    assert said in str(caught.value)
    assert main(["local"]) == 2
    err = capsys.readouterr().err
    assert variable in err and "Traceback" not in err


def test_a_setting_is_named_by_the_variable_it_is_read_from() -> None:
    assert env_name("discord_token") == "DISCORD_TOKEN"
    assert env_name("db") == "PORTOLAN_DB"
