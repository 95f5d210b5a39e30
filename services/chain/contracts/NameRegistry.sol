// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title NameRegistry
/// @notice A small ENS-compatible name service for the local demo chains, in one contract: a flat
/// registry of full names ("demo.airlock.eth", first come first served, no parent needed) keyed
/// by their ENS namehash, the resolver profiles addr(bytes32), addr(bytes32,uint256) and
/// text(bytes32,string), a primary (reverse) name per address, and the two entry points of the
/// ENS Universal Resolver that viem 2.x calls (resolveWithGateways, reverseWithGateways), so
/// viem's getEnsAddress, getEnsName, getEnsText and getEnsAvatar work against it when given its
/// address as `universalResolverAddress` (or when a chain's `contracts.ensUniversalResolver`
/// points at it). The contract is its own resolver and its own reverse resolver; it never
/// answers with CCIP-Read (OffchainLookup), so the gateways viem passes are ignored.
contract NameRegistry {
    struct Record {
        address owner;
        address addr;
    }

    /// @notice The deployer: may set any address's primary name (the demo's seeding does).
    address public immutable admin;

    mapping(bytes32 node => Record) private _records;
    mapping(bytes32 node => string) private _names;
    mapping(bytes32 node => mapping(string key => string)) private _texts;
    mapping(address account => string) private _primary;

    bytes4 private constant ADDR_SELECTOR = 0x3b3b57de; // addr(bytes32)
    bytes4 private constant ADDR_COIN_SELECTOR = 0xf1cb7e06; // addr(bytes32,uint256)
    bytes4 private constant TEXT_SELECTOR = 0x59d1d43c; // text(bytes32,string)
    bytes4 private constant ERC165_ID = 0x01ffc9a7;

    event NameRegistered(bytes32 indexed node, string name, address indexed owner);
    event Transfer(bytes32 indexed node, address owner);
    event AddrChanged(bytes32 indexed node, address a);
    event TextChanged(bytes32 indexed node, string indexed indexedKey, string key, string value);
    event PrimaryNameChanged(address indexed account, string name);

    error InvalidName(string name);
    error NameTaken(string name);
    error NotNameOwner(bytes32 node);
    error NotAuthorised(address caller);
    error NameNotForAccount(string name, address account);
    error ZeroAddress();

    // The Universal Resolver's errors, as viem's ABI names them: viem reads ResolverNotFound,
    // ResolverError, UnsupportedResolverProfile and ReverseAddressMismatch as "no result" (null).
    error DNSDecodingFailed(bytes dns);
    error ResolverNotFound(bytes name);
    error ResolverError(bytes errorData);
    error UnsupportedResolverProfile(bytes4 selector);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);

    modifier onlyNameOwner(bytes32 node) {
        if (_records[node].owner != msg.sender) revert NotNameOwner(node);
        _;
    }

    constructor() {
        admin = msg.sender;
    }

    // ---------------------------------------------------------------- registration

    /// @notice Registers the full name `name` (lower case, labels separated by dots) for `owner_`:
    /// it owns the name, the name's address is `owner_`, and its "avatar" text is `avatar` (none
    /// when empty). Anyone may register a free name for anyone; the primary name is set apart.
    function register(string calldata name, address owner_, string calldata avatar) external returns (bytes32 node) {
        if (owner_ == address(0)) revert ZeroAddress();
        if (!_isRegistrable(bytes(name))) revert InvalidName(name);
        node = namehash(name);
        if (_records[node].owner != address(0)) revert NameTaken(name);
        _records[node] = Record(owner_, owner_);
        _names[node] = name;
        emit NameRegistered(node, name, owner_);
        emit AddrChanged(node, owner_);
        if (bytes(avatar).length > 0) {
            _texts[node]["avatar"] = avatar;
            emit TextChanged(node, "avatar", "avatar", avatar);
        }
    }

    /// @notice Whether `name` is well formed and not registered yet.
    function available(string calldata name) external view returns (bool) {
        return _isRegistrable(bytes(name)) && _records[namehash(name)].owner == address(0);
    }

    /// @notice The owner of a registered name's node (zero when not registered).
    function owner(bytes32 node) external view returns (address) {
        return _records[node].owner;
    }

    /// @notice The full name registered under `node` ("" when none).
    function nameOf(bytes32 node) external view returns (string memory) {
        return _names[node];
    }

    function setOwner(bytes32 node, address newOwner) external onlyNameOwner(node) {
        if (newOwner == address(0)) revert ZeroAddress();
        _records[node].owner = newOwner;
        emit Transfer(node, newOwner);
    }

    function setAddr(bytes32 node, address a) external onlyNameOwner(node) {
        _records[node].addr = a;
        emit AddrChanged(node, a);
    }

    function setText(bytes32 node, string calldata key, string calldata value) external onlyNameOwner(node) {
        _texts[node][key] = value;
        emit TextChanged(node, key, key, value);
    }

    // ---------------------------------------------------------------- primary names

    /// @notice Makes `name` the caller's primary name ("" clears it). The name must resolve to
    /// the caller.
    function setPrimaryName(string calldata name) external {
        _setPrimary(msg.sender, name);
    }

    /// @notice As setPrimaryName, for `account`: by the account itself or by the admin (seeding).
    function setPrimaryNameFor(address account, string calldata name) external {
        if (msg.sender != account && msg.sender != admin) revert NotAuthorised(msg.sender);
        _setPrimary(account, name);
    }

    /// @notice `account`'s primary name when it still resolves to `account`, else "".
    function primaryName(address account) public view returns (string memory name) {
        name = _primary[account];
        if (bytes(name).length > 0 && _records[namehash(name)].addr != account) return "";
    }

    function _setPrimary(address account, string calldata name) private {
        if (bytes(name).length > 0 && _records[namehash(name)].addr != account) revert NameNotForAccount(name, account);
        _primary[account] = name;
        emit PrimaryNameChanged(account, name);
    }

    // ---------------------------------------------------------------- resolver profiles

    function addr(bytes32 node) public view returns (address payable) {
        return payable(_records[node].addr);
    }

    /// @notice ENSIP-9/11: the address for coin type 60 (Ethereum) and every EVM chain's coin type
    /// (0x80000000 | chainId, ENSIP-19's default 0x80000000 included) is the name's address, as 20
    /// bytes; other coin types have none (empty bytes).
    function addr(bytes32 node, uint256 coinType) public view returns (bytes memory) {
        address a = _records[node].addr;
        if (a == address(0) || !_isEvmCoinType(coinType)) return "";
        return abi.encodePacked(a);
    }

    function text(bytes32 node, string calldata key) public view returns (string memory) {
        return _texts[node][key];
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == ERC165_ID || interfaceId == ADDR_SELECTOR || interfaceId == ADDR_COIN_SELECTOR || interfaceId == TEXT_SELECTOR;
    }

    // ---------------------------------------------------------------- universal resolver

    /// @notice The Universal Resolver's forward lookup, as viem's getEnsAddress and getEnsText
    /// call it: `name` is the DNS-encoded name (length-prefixed labels, a zero byte at the end;
    /// a label of more than 255 bytes arrives as "[labelhash]"), `data` an ABI-encoded resolver
    /// call (addr(bytes32), addr(bytes32,uint256) or text(bytes32,string)). Returns that call's
    /// ABI-encoded result and the resolver (this contract). An unregistered name reverts with
    /// ResolverNotFound, which viem turns into null.
    function resolveWithGateways(
        bytes calldata name,
        bytes calldata data,
        string[] calldata /* gateways */
    ) external view returns (bytes memory result, address resolver) {
        bytes32 node = _dnsNamehash(name);
        if (_records[node].owner == address(0)) revert ResolverNotFound(name);
        bytes4 selector = data.length >= 4 ? bytes4(data[:4]) : bytes4(0);
        if (selector != ADDR_SELECTOR && selector != ADDR_COIN_SELECTOR && selector != TEXT_SELECTOR) {
            revert UnsupportedResolverProfile(selector);
        }
        (bool ok, bytes memory answer) = address(this).staticcall(data);
        if (!ok) revert ResolverError(answer);
        return (answer, address(this));
    }

    /// @notice The Universal Resolver's reverse lookup, as viem's getEnsName calls it:
    /// `lookupAddress` is the address's 20 bytes (viem passes the address itself as `bytes`,
    /// not a reverse name). Returns the primary name, its resolver and the reverse resolver; ""
    /// when the address has none (or for a coin type that is not an EVM one); reverts with
    /// ReverseAddressMismatch when the primary name no longer resolves to the address.
    function reverseWithGateways(
        bytes calldata lookupAddress,
        uint256 coinType,
        string[] calldata /* gateways */
    ) external view returns (string memory primary, address resolver, address reverseResolver) {
        if (lookupAddress.length != 20 || !_isEvmCoinType(coinType)) return ("", address(0), address(0));
        address account = address(bytes20(lookupAddress));
        primary = _primary[account];
        if (bytes(primary).length == 0) return ("", address(0), address(this));
        address resolved = _records[namehash(primary)].addr;
        if (resolved != account) revert ReverseAddressMismatch(primary, abi.encodePacked(resolved));
        return (primary, address(this), address(this));
    }

    // ---------------------------------------------------------------- names

    /// @notice ENS namehash of a dotted name, as viem's namehash computes it ("" is the zero node;
    /// a label written "[64 hex digits]" stands for that labelhash).
    function namehash(string memory name) public pure returns (bytes32 node) {
        bytes memory s = bytes(name);
        uint256 end = s.length;
        if (end == 0) return bytes32(0);
        for (uint256 i = s.length; i > 0; i--) {
            if (s[i - 1] == ".") {
                if (i == end) revert InvalidName(name);
                node = keccak256(abi.encodePacked(node, _labelhash(_slice(s, i, end))));
                end = i - 1;
            }
        }
        if (end == 0) revert InvalidName(name);
        node = keccak256(abi.encodePacked(node, _labelhash(_slice(s, 0, end))));
    }

    function _dnsNamehash(bytes calldata dns) private pure returns (bytes32 node) {
        uint256[] memory starts = new uint256[](dns.length);
        uint256 count;
        uint256 offset;
        for (;;) {
            if (offset >= dns.length) revert DNSDecodingFailed(dns);
            uint256 length = uint8(dns[offset]);
            if (length == 0) break;
            starts[count++] = offset;
            offset += 1 + length;
        }
        if (offset + 1 != dns.length) revert DNSDecodingFailed(dns);
        for (uint256 i = count; i > 0; i--) {
            uint256 start = starts[i - 1];
            uint256 length = uint8(dns[start]);
            node = keccak256(abi.encodePacked(node, _labelhash(dns[start + 1:start + 1 + length])));
        }
    }

    /// @dev keccak256 of the label, or the labelhash a "[64 hex digits]" label spells.
    function _labelhash(bytes memory label) private pure returns (bytes32) {
        if (label.length == 66 && label[0] == "[" && label[65] == "]") {
            uint256 value;
            for (uint256 i = 1; i < 65; i++) {
                uint8 c = uint8(label[i]);
                uint8 digit;
                if (c >= 0x30 && c <= 0x39) digit = c - 0x30;
                else if (c >= 0x61 && c <= 0x66) digit = c - 0x57;
                else if (c >= 0x41 && c <= 0x46) digit = c - 0x37;
                else return keccak256(label);
                value = (value << 4) | digit;
            }
            return bytes32(value);
        }
        return keccak256(label);
    }

    /// @dev Names the registry accepts: non-empty labels, no upper-case ASCII (viem's normalize
    /// lower-cases, so such a name could never be looked up) and no brackets.
    function _isRegistrable(bytes memory s) private pure returns (bool) {
        if (s.length == 0 || s[0] == "." || s[s.length - 1] == ".") return false;
        for (uint256 i = 0; i < s.length; i++) {
            bytes1 c = s[i];
            if (c >= "A" && c <= "Z") return false;
            if (c == "[" || c == "]") return false;
            if (c == "." && s[i + 1] == ".") return false;
        }
        return true;
    }

    function _isEvmCoinType(uint256 coinType) private pure returns (bool) {
        return coinType == 60 || (coinType >= 0x80000000 && coinType <= 0xffffffff);
    }

    function _slice(bytes memory s, uint256 start, uint256 end) private pure returns (bytes memory out) {
        out = new bytes(end - start);
        for (uint256 i = 0; i < out.length; i++) out[i] = s[start + i];
    }
}
