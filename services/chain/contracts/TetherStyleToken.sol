// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title TetherStyleToken
/// @notice A token that behaves like USDT on Ethereum mainnet, written by hand (no OpenZeppelin):
/// `transfer`, `transferFrom` and `approve` return nothing instead of the `bool` ERC-20 asks
/// for, and `approve` refuses to change a non-zero allowance to another non-zero value (set it to
/// 0 first). Callers that decode a `bool` from these calls (Solidity's IERC20, viem's
/// simulateContract with the standard ERC-20 ABI) fail on it; the demo keeps one so the product
/// is tested against it. The events and the view functions are the standard ones.
contract TetherStyleToken {
    string public constant name = "Airlock Local Tether USD";
    string public constant symbol = "USDT-L";
    uint8 public constant decimals = 6;

    address public owner;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address initialHolder, uint256 initialSupply) {
        owner = msg.sender;
        _mint(initialHolder, initialSupply);
    }

    /// @notice Returns nothing (USDT's signature); reverts when the balance is short.
    function transfer(address to, uint256 value) external {
        _move(msg.sender, to, value);
    }

    /// @notice Returns nothing; reverts when the allowance or the balance is short.
    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "USDT-L: allowance too low");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
    }

    /// @notice Returns nothing; as USDT, a non-zero allowance must be set to 0 before another
    /// non-zero value.
    function approve(address spender, uint256 value) external {
        require(value == 0 || allowance[msg.sender][spender] == 0, "USDT-L: reset allowance to 0 first");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    /// @notice The deployer creates `value` base units for `to`.
    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "USDT-L: not the owner");
        _mint(to, value);
    }

    function _mint(address to, uint256 value) private {
        require(to != address(0), "USDT-L: mint to the zero address");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "USDT-L: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "USDT-L: balance too low");
        balanceOf[from] = balance - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
