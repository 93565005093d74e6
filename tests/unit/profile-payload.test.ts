import { describe, expect, it } from "vitest";
import { buildProfilePayload, profilePayloadEntries, type ProfilePayloadInput } from "#common/profile-payload";

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "me.png", { type: "image/png" });
const emptyFile = () => new File([], "", { type: "application/octet-stream" });
const names = (input: ProfilePayloadInput) => profilePayloadEntries(input).map(([n]) => n);

describe("the profile update payload", () => {
  it("always sends the id, and drops every empty value", () => {
    expect(profilePayloadEntries({ id: 7, values: {}, pinAllowed: true })).toEqual([["id", "7"]]);
    expect(
      profilePayloadEntries({
        id: 7,
        values: {
          name: "",
          last_name: "   ",
          email: "",
          telephone: " ",
          current_password: "",
          password: "",
          password_confirmation: "",
          pin: "",
          confirm_pin: "",
        },
        pinAllowed: true,
      }),
    ).toEqual([["id", "7"]]);
  });

  it("sends what was typed, trimming names, e-mail, telephone and PIN but never passwords", () => {
    expect(
      profilePayloadEntries({
        id: "7",
        values: {
          name: "  Amelia ",
          last_name: "Hart",
          email: " amelia@harbour.test ",
          telephone: " +44 20 7946 0101 ",
          current_password: " old secret pass ",
          password: " new secret pass ",
          password_confirmation: " new secret pass ",
          pin: " 1234 ",
          confirm_pin: "1234",
        },
        pinAllowed: true,
      }),
    ).toEqual([
      ["id", "7"],
      ["name", "Amelia"],
      ["last_name", "Hart"],
      ["email", "amelia@harbour.test"],
      ["telephone", "+44 20 7946 0101"],
      ["current_password", " old secret pass "],
      ["password", " new secret pass "],
      ["password_confirmation", " new secret pass "],
      ["pin", "1234"],
      ["confirm_pin", "1234"],
    ]);
  });

  it("sends the confirmation as password_confirmation", () => {
    expect(names({ id: 1, values: { password: "p".repeat(12), password_confirmation: "p".repeat(12) }, pinAllowed: false })).toEqual([
      "id",
      "password",
      "password_confirmation",
    ]);
  });

  it("leaves the PIN out for users without pin_is_allowed", () => {
    expect(names({ id: 1, values: { name: "A", pin: "1234", confirm_pin: "1234" }, pinAllowed: false })).toEqual(["id", "name"]);
  });

  describe("the photo", () => {
    it("is sent when a new file was chosen", () => {
      const file = photo();
      const entries = profilePayloadEntries({ id: 1, values: {}, photo: file, pinAllowed: false });
      expect(entries).toEqual([
        ["id", "1"],
        ["profile_photo", file],
      ]);
    });

    it("is cleared with remove_profile_photo=1", () => {
      expect(profilePayloadEntries({ id: 1, values: {}, removePhoto: true, pinAllowed: false })).toEqual([
        ["id", "1"],
        ["remove_profile_photo", "1"],
      ]);
    });

    it("is left alone when unchanged: no file chosen (an empty file input) and not cleared", () => {
      expect(names({ id: 1, values: {}, photo: emptyFile(), pinAllowed: false })).toEqual(["id"]);
      expect(names({ id: 1, values: {}, photo: null, removePhoto: false, pinAllowed: false })).toEqual(["id"]);
    });

    it("a chosen file wins over a ticked 'remove'", () => {
      expect(names({ id: 1, values: {}, photo: photo(), removePhoto: true, pinAllowed: false })).toEqual(["id", "profile_photo"]);
    });
  });

  it("builds multipart FormData with the file under its name", () => {
    const form = buildProfilePayload({ id: 3, values: { name: "Olivia", email: "" }, photo: photo(), pinAllowed: false });
    expect([...form.keys()]).toEqual(["id", "name", "profile_photo"]);
    const file = form.get("profile_photo") as File;
    expect(file.name).toBe("me.png");
    expect(file.size).toBe(4);
  });
});
